import type { BingoRoundAnswer } from '@sweepstack/contracts/bingo/accrue-reward';
import { BingoRoundPlayed } from '@sweepstack/contracts/bingo/events';
import { AppError } from '@sweepstack/contracts/errors';
import { advanceBingoCard, bingoBallsOf, bingoCardOf, BINGO_TABLES, bingoSettings, findBingoPlay, insertBingoPlay, lockBingoBalls, spendBingoBalls } from '@sweepstack/db/bingo/repository';
import { recordEvent } from '@sweepstack/db/repositories/domain-events';
import { BALL_COUNT, BALLS_TO_PLAY, completeLines, isFullCard, markedCells } from '@sweepstack/domain/bingo/bingo-rules';
import { operatorDay } from '@sweepstack/domain/shared/operator-day';
import type { AppDeps } from '../../app-context';
import { drawDependencies } from '../../rewards/draw-dependencies';
import { drawPrize } from '../../rewards/draw-prize';
import { cardFinished, cardView, ensureCard, FEATURE, isBingoOn, statusOf } from './bingo-state';

type Rewards = BingoRoundAnswer['rewards'];

/**
 * Plays a round of bingo (docs/features/bingo.md): ten balls earned by play draw the next ten balls
 * of the period's card (its committed order); each line the round completes, and the full card,
 * pays one draw from the rewards engine, keyed by card and line so a line pays once. One
 * transaction: the balls spent, the card moved and the prizes paid commit together, so a restart
 * never loses a finished card or pays it twice; a retry with the same key answers the first round.
 */
export async function playBingoRound(deps: AppDeps, playerId: number, requestKey: string): Promise<BingoRoundAnswer> {
  const drawDeps = await drawDependencies(deps);
  const key = `${FEATURE}:${playerId}:${requestKey}`;
  return deps.database.db.transaction().execute(async (trx) => {
    const account = await trx.selectFrom('players').select('account_status').where('id', '=', playerId).executeTakeFirstOrThrow();
    if (account.account_status !== 'ACTIVE') throw new AppError('BINGO_NOT_ALLOWED');
    const nowMs = deps.clock.nowMs();
    const settings = await bingoSettings(trx);
    // The row lock first: a concurrent retry of the same key waits here, then finds the round.
    const balls = await lockBingoBalls(trx, playerId, nowMs);
    const existing = await findBingoPlay(trx, key);
    if (existing) {
      const card = (await bingoCardOf(trx, playerId, existing.period))!;
      const result = existing.result as { balls: number[]; rewards: Rewards };
      return { replayed: true, balls: result.balls, rewards: result.rewards, card: cardView(card, nowMs), status: statusOf(balls, settings, isBingoOn(settings, deps.config.THEME), nowMs) };
    }
    const on = isBingoOn(settings, deps.config.THEME);
    if (!on) throw new AppError('BINGO_NOT_ACTIVE');
    const card = await ensureCard(trx, playerId, settings, nowMs, deps.rng);
    if (cardFinished(card)) throw new AppError('BINGO_CARD_FINISHED');
    if (balls.balls < BALLS_TO_PLAY) throw new AppError('BINGO_NOT_ENOUGH_BALLS');
    const from = card.drawn;
    const to = Math.min(BALL_COUNT, from + BALLS_TO_PLAY);
    const drawn = card.order.slice(from, to);
    if (!(await spendBingoBalls(trx, playerId, to - from, nowMs))) throw new AppError('BINGO_NOT_ENOUGH_BALLS');
    const marked = markedCells(card.numbers, card.order.slice(0, to));
    const lines = completeLines(marked);
    const day = operatorDay(nowMs, settings.timeZone);
    const rewards: Rewards = [];
    const cardKey = `${FEATURE}:${playerId}:${card.period}`;
    for (const line of lines.filter((l) => !card.paidLines.includes(l))) {
      const outcome = await drawPrize(trx, { playerId, feature: FEATURE, table: BINGO_TABLES.line, idempotencyKey: `${cardKey}:line:${line}`, day }, drawDeps);
      rewards.push({ kind: 'line', line, drawId: Number(outcome.draw.id), prize: outcome.prize });
    }
    const full = isFullCard(marked);
    if (full && !card.fullPaid) {
      const outcome = await drawPrize(trx, { playerId, feature: FEATURE, table: BINGO_TABLES.full, idempotencyKey: `${cardKey}:full`, day }, drawDeps);
      rewards.push({ kind: 'full', line: null, drawId: Number(outcome.draw.id), prize: outcome.prize });
    }
    if (!(await advanceBingoCard(trx, { playerId, period: card.period, fromDrawn: from, drawn: to, paidLines: lines, fullPaid: full }))) throw new Error('bingo card moved under its lock');
    await insertBingoPlay(trx, { key, playerId, period: card.period, fromBall: from, toBall: to, result: { balls: drawn, rewards } }, nowMs);
    await recordEvent(trx, { type: BingoRoundPlayed.name, playerId, payload: { period: card.period, balls: drawn, lines, fullCard: full } }, { clock: deps.clock });
    const after = (await bingoBallsOf(trx, [playerId])).get(playerId);
    return { replayed: false, balls: drawn, rewards, card: cardView((await bingoCardOf(trx, playerId, card.period))!, nowMs), status: statusOf(after, settings, on, nowMs) };
  });
}
