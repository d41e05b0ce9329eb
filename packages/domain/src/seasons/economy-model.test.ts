import { describe, expect, it } from 'vitest';
import type { Prize } from '../rewards/prize';
import { seasonEconomyModel } from './economy-model';

const gc = (amount: number): Prize => ({ kind: 'gold_coins', amount });
const levels = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120].map((points, i) => ({ level: i + 1, points, freePrize: gc(100), premiumPrize: gc(1000) }));
const fixed = (float: number) => ({ int: () => 0, float: () => float });

describe('season economy model', () => {
  it('pays each level once as the player climbs, the premium prizes of passed levels at the unlock, nothing past the season', () => {
    const model = seasonEconomyModel({
      slug: 's', days: 3, rates: { gcWageredPerPoint: 1, fcCentsWageredPerPoint: 1, pointsPerDollar: 0 }, levels, hasPremium: true, passPriceCents: 999,
      budget: { gc: null, fcCents: null }, freeSpinStake: () => 0, wagerGc: 0, wagerFcCents: 0, purchaseChance: 0, purchaseCents: 0, passChance: 0, note: '',
    });
    let state = model.initialState();
    // No play: nothing.
    let day = model.playerDay(state, true, 0, fixed(0.5));
    expect(day.cost).toEqual({ gc: 0, fcCents: 0 });
    state = { ...day.state, wageredGc: 25 };
    day = model.playerDay(state, true, 1, fixed(0.5));
    expect(day.cost.gc).toBe(200);
    day = model.playerDay({ ...day.state, premium: true }, true, 2, fixed(0.99));
    // The unlock in the state pays levels 1 and 2 premium (no new level).
    expect(day.cost.gc).toBe(2000);
    expect(model.playerDay({ ...day.state, wageredGc: 1000 }, true, 3, fixed(0.5)).cost.gc).toBe(0);
  });
});
