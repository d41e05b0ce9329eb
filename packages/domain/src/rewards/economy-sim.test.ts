import { describe, expect, it } from 'vitest';
import { dailyLoginEconomyModel } from '../daily-login/economy-model';
import { wheelEconomyModel } from '../wheel-of-treasure/economy-model';
import { seededSimRandom, simulateEconomy } from './economy-sim';
import { parsePrizeTable } from './prize-table';

describe('economy simulation', () => {
  const levels = [1, 2, 3, 4, 5, 6, 7].map((n) => ({ kind: 'gold_coins' as const, amount: n * 100 }));

  it('matches the expected cost of a deterministic ladder', () => {
    const model = dailyLoginEconomyModel({ levels, budget: { gc: 1_000_000, fcCents: null }, claimChance: 1, freeSpinStake: () => 0 });
    const [figures] = simulateEconomy([model], { players: 10, days: 14, dailyActiveChance: 1 }, seededSimRandom(1));
    // Every player claims every day: two full weeks of 100..700 = mean 400 per day.
    expect(figures!.gc.meanPerActivePlayerDay).toBe(400);
    expect(figures!.gc.maxDailyTotal).toBe(7000);
    expect(figures!.gc.exceeded).toBe(false);
    expect(figures!.fcCents.budget).toBeNull();
  });

  it('reports a budget that the population would pass', () => {
    const model = dailyLoginEconomyModel({ levels, budget: { gc: 5000, fcCents: null }, claimChance: 1, freeSpinStake: () => 0 });
    const [figures] = simulateEconomy([model], { players: 10, days: 14, dailyActiveChance: 1 }, seededSimRandom(1));
    expect(figures!.gc.exceeded).toBe(true);
  });

  it('estimates a wheel near its expected value', () => {
    const daily = parsePrizeTable({ slug: 'd', feature: 'wheel-of-treasure', fallbackSegment: 0, segments: [{ weight: 3, prize: { kind: 'gold_coins', amount: 100 } }, { weight: 1, prize: { kind: 'gold_coins', amount: 500 } }] });
    const model = wheelEconomyModel({ daily, booster: undefined, extra: undefined, tables: new Map(), budget: { gc: null, fcCents: null }, spinChance: 1, boosterChance: 0, extraChance: 0, freeSpinStake: () => 0 });
    const [figures] = simulateEconomy([model], { players: 200, days: 50, dailyActiveChance: 0.5 }, seededSimRandom(7));
    // Expected 0.75·100 + 0.25·500 = 200 per active player-day.
    expect(figures!.gc.meanPerActivePlayerDay).toBeGreaterThan(190);
    expect(figures!.gc.meanPerActivePlayerDay).toBeLessThan(210);
    expect(figures!.gc.p99PerActivePlayerDay).toBe(500);
  });
});
