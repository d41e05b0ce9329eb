import { describe, expect, it } from 'vitest';
import { bonusesEconomyModel } from './economy-model';

const always = { float: () => 0, int: () => 0 };
const never = { float: () => 0.999999, int: () => 0 };

describe('bonuses economy model', () => {
  const campaigns = [
    { cost: { gc: 0, fcCents: 200 }, claimDays: 2 },
    { cost: { gc: 500, fcCents: 0 }, claimDays: 1 },
  ];

  it('costs a claimed grant once, on the day it is claimed', () => {
    const model = bonusesEconomyModel({ campaigns, sendChance: 1, claimChance: 1 });
    const day = model.playerDay(model.initialState(), true, 0, always);
    expect(day.cost).toEqual({ gc: 500, fcCents: 200 });
    expect(day.state).toEqual([]);
  });

  it('a grant not claimed before its last day costs nothing', () => {
    const model = bonusesEconomyModel({ campaigns, sendChance: 1, claimChance: 1 });
    // Sent on day 0 while the player is away: the one-day campaign is gone by day 1, the two-day one is claimed.
    const away = model.playerDay(model.initialState(), false, 0, always);
    expect(away.cost).toEqual({ gc: 0, fcCents: 0 });
    const noSends = bonusesEconomyModel({ campaigns, sendChance: 0, claimChance: 1 });
    expect(noSends.playerDay(away.state, true, 1, always).cost).toEqual({ gc: 0, fcCents: 200 });
    expect(noSends.playerDay(away.state, true, 2, always).cost).toEqual({ gc: 0, fcCents: 0 });
    expect(bonusesEconomyModel({ campaigns, sendChance: 1, claimChance: 0 }).playerDay([], true, 0, never).cost).toEqual({ gc: 0, fcCents: 0 });
  });
});
