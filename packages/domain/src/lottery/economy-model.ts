import type { DailyBudget } from '../rewards/budget';
import type { EconomyFeatureModel } from '../rewards/economy-sim';
import type { Prize } from '../rewards/prize';

export interface LotteryDrawEconomy {
  type: 'weekly' | 'monthly';
  /** Days between draws (7 for the weekly draw, 30 for the monthly one: the simulation's month). */
  periodDays: number;
  /** Prizes by place, as the draw publishes them. */
  prizes: readonly Prize[];
}

interface LotteryState {
  /** The player's tickets in the open draw of each type. */
  tickets: Record<string, number>;
}

/** A prize's coins (other kinds are not lottery prizes; they cost nothing here). */
function costOf(prize: Prize): { gc: number; fcCents: number } {
  if (prize.kind === 'gold_coins') return { gc: prize.amount, fcCents: 0 };
  if (prize.kind === 'fortune_coins') return { gc: 0, fcCents: prize.amountCents };
  if (prize.kind === 'coins') return { gc: prize.amount, fcCents: prize.amountCents };
  return { gc: 0, fcCents: 0 };
}

/**
 * The promo lottery in the economy simulation (docs/features/lottery.md): an active player earns
 * `ticketsPerDay` tickets in every open draw (play, purchases and free entries together), up to the
 * draw's cap per player. At a draw's close the player's tickets compete with the tickets everyone
 * else earned over the draw's period, `otherTicketsPerDay` a day (the stated field: the simulation
 * follows one player at a time, so the field should be the population's own tickets, players ×
 * chance of coming × tickets a day, for the daily totals to be those of one draw); places are drawn
 * one after another from the tickets left, and a holder wins at most one place, as `pickWinners`
 * does. A won place's prize is the draw's cost that day (the reward is credited, taken or not).
 */
export function lotteryEconomyModel(options: { draws: readonly LotteryDrawEconomy[]; budget: DailyBudget; ticketsPerDay: number; otherTicketsPerDay: number; maxTicketsPerPlayer: number }): EconomyFeatureModel<LotteryState> {
  const { draws, ticketsPerDay, maxTicketsPerPlayer } = options;
  const otherTicketsPerDay = Math.max(0, options.otherTicketsPerDay);
  return {
    feature: 'lottery',
    budget: options.budget,
    behaviour: `an active player earns ${ticketsPerDay} tickets a day in each open draw (at most ${maxTicketsPerPlayer}), against ${otherTicketsPerDay} other tickets a day of a draw's period; ${draws.map((d) => `${d.type} every ${d.periodDays} days, ${d.prizes.length} places`).join('; ')}`,
    initialState: () => ({ tickets: {} }),
    playerDay(state, active, day, random) {
      const cost = { gc: 0, fcCents: 0 };
      const tickets = { ...state.tickets };
      for (const draw of draws) {
        let mine = tickets[draw.type] ?? 0;
        if (active) mine = Math.min(maxTicketsPerPlayer, mine + Math.max(0, Math.round(ticketsPerDay)));
        if ((day + 1) % draw.periodDays !== 0) {
          tickets[draw.type] = mine;
          continue;
        }
        // The close: places one after another; each drawn ticket of someone else removes one ticket of the field
        // (a holder's other tickets stay: with a large field, their share of the places is what matters).
        let others = Math.round(otherTicketsPerDay * draw.periodDays);
        for (const prize of draw.prizes) {
          if (mine === 0 || mine + others === 0) break;
          if (random.int(mine + others) < mine) {
            const won = costOf(prize);
            cost.gc += won.gc;
            cost.fcCents += won.fcCents;
            break;
          }
          others -= 1;
        }
        tickets[draw.type] = 0;
      }
      return { state: { tickets }, cost };
    },
  };
}
