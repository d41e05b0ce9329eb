import { describe, expect, it } from 'vitest';
import { seededSimRandom } from '../rewards/economy-sim';
import { lotteryEconomyModel } from './economy-model';

describe('lottery economy model', () => {
  it('pays at each close about the player\'s share of the tickets times the prizes, at most one place per draw', () => {
    // 10 tickets a day for a week: 70 tickets against 630 others (a tenth of the draw); two places.
    const model = lotteryEconomyModel({ draws: [{ type: 'weekly', periodDays: 7, prizes: [{ kind: 'fortune_coins', amountCents: 1_000 }, { kind: 'gold_coins', amount: 500 }] }], budget: { gc: null, fcCents: null }, ticketsPerDay: 10, otherTicketsPerDay: 90, maxTicketsPerPlayer: 500 });
    const random = seededSimRandom(11);
    let state = model.initialState();
    let gc = 0;
    let fc = 0;
    let draws = 0;
    let wrong = 0;
    for (let day = 0; day < 7 * 5_000; day++) {
      const next = model.playerDay(state, true, day, random);
      state = next.state;
      // Nothing is paid between closes, and never both places in one draw.
      if ((day + 1) % 7 !== 0) wrong += next.cost.gc + next.cost.fcCents > 0 ? 1 : 0;
      else {
        draws += 1;
        wrong += next.cost.gc > 0 && next.cost.fcCents > 0 ? 1 : 0;
      }
      gc += next.cost.gc;
      fc += next.cost.fcCents;
    }
    expect(wrong).toBe(0);
    expect(draws).toBe(5_000);
    // First place 1/10 of the time (1,000 FC cents); second 9/10 × 70/699 (500 GC).
    expect(Math.abs(fc / draws - 100)).toBeLessThan(15);
    expect(Math.abs(gc / draws - 500 * 0.9 * (70 / 699))).toBeLessThan(8);
  });

  it('caps a player\'s tickets, earns none on days away, and pays nothing without tickets', () => {
    const model = lotteryEconomyModel({ draws: [{ type: 'monthly', periodDays: 30, prizes: [{ kind: 'gold_coins', amount: 100 }] }], budget: { gc: null, fcCents: null }, ticketsPerDay: 1_000, otherTicketsPerDay: 0, maxTicketsPerPlayer: 500 });
    const random = seededSimRandom(3);
    const once = model.playerDay(model.initialState(), true, 0, random);
    expect(once.state.tickets.monthly).toBe(500);
    let state = model.initialState();
    for (let day = 0; day < 30; day++) {
      const next = model.playerDay(state, false, day, random);
      expect(next.cost).toEqual({ gc: 0, fcCents: 0 });
      state = next.state;
    }
  });
});
