import type { DailyBudget } from '../rewards/budget';
import { addCost, drawCost, ZERO_COST } from '../rewards/economy-models';
import type { EconomyFeatureModel } from '../rewards/economy-sim';
import type { FreeSpinStake } from '../rewards/budget';
import type { PrizeTable } from '../rewards/prize-table';
import { BALL_COUNT, BALLS_TO_PLAY, completeLines, dealCard, isFullCard, markedCells, type BingoRules } from './bingo-rules';

interface PlayerCard {
  progress: number;
  balls: number;
  numbers: number[];
  order: number[];
  drawn: number;
  paidLines: number[];
  fullPaid: boolean;
}

/**
 * Bingo in the economy simulation: an active player stakes `stakePerDay` GC in paid rounds; balls
 * come at the rules' rate, every ten play a round of the period's card (dealt by the same rules as
 * the server), and each new line and the full card draw from the real tables.
 */
export function bingoEconomyModel(options: { rules: BingoRules; line: PrizeTable; full: PrizeTable; budget: DailyBudget; stakePerDay: number; freeSpinStake: FreeSpinStake }): EconomyFeatureModel<PlayerCard | null> {
  const tables = new Map<string, PrizeTable>();
  return {
    feature: 'bingo',
    budget: options.budget,
    behaviour: `an active player stakes ${options.stakePerDay} GC a day; a ball per ${options.rules.stakePerBall} GC; a new card every ${options.rules.periodDays} days`,
    initialState: () => null,
    playerDay(state, active, day, random) {
      let card = state;
      if (!card || day % options.rules.periodDays === 0) {
        const dealt = dealCard(random);
        card = { progress: card?.progress ?? 0, balls: card?.balls ?? 0, numbers: dealt.numbers, order: dealt.order, drawn: 0, paidLines: [], fullPaid: false };
      }
      if (!active || !options.rules.active) return { state: card, cost: ZERO_COST };
      const total = card.progress + options.stakePerDay;
      card = { ...card, balls: card.balls + Math.floor(total / options.rules.stakePerBall), progress: total % options.rules.stakePerBall };
      let cost = ZERO_COST;
      while (card.balls >= BALLS_TO_PLAY && card.drawn < BALL_COUNT && !card.fullPaid) {
        const to = Math.min(BALL_COUNT, card.drawn + BALLS_TO_PLAY);
        const marked = markedCells(card.numbers, card.order.slice(0, to));
        const lines = completeLines(marked);
        for (const line of lines) if (!card.paidLines.includes(line)) cost = addCost(cost, drawCost(options.line, tables, random, options.freeSpinStake));
        const full = isFullCard(marked);
        if (full) cost = addCost(cost, drawCost(options.full, tables, random, options.freeSpinStake));
        card = { ...card, balls: card.balls - (to - card.drawn), drawn: to, paidLines: lines, fullPaid: full };
      }
      return { state: card, cost };
    },
  };
}
