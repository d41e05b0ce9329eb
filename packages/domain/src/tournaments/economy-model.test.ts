import { describe, expect, it } from 'vitest';
import { seededSimRandom } from '../rewards/economy-sim';
import { tournamentEconomyModel } from './economy-model';

describe('tournament economy model', () => {
  it('pays, per joined run, the sum of the prizes divided by the field on average', () => {
    const model = tournamentEconomyModel({ schedules: [{ slug: 'race', runsPerDay: 2, prizes: [{ gc: 1000, fcCents: 0 }, { gc: 500, fcCents: 100 }], payeesPerPlace: 1 }], budget: { gc: null, fcCents: null }, joinChance: 1, field: 10 });
    const random = seededSimRandom(7);
    let gc = 0;
    let fc = 0;
    const days = 20_000;
    for (let day = 0; day < days; day++) {
      const { cost } = model.playerDay(null, true, day, random);
      gc += cost.gc;
      fc += cost.fcCents;
    }
    // 2 runs × (1,500 GC, 100 FC cents) ÷ 10 participants.
    expect(Math.abs(gc / days - 300)).toBeLessThan(15);
    expect(Math.abs(fc / days - 20)).toBeLessThan(2);
    expect(model.playerDay(null, false, 0, random).cost).toEqual({ gc: 0, fcCents: 0 });
  });
});
