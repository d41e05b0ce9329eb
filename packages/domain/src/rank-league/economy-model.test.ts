import { describe, expect, it } from 'vitest';
import { rankLeagueEconomyModel } from './economy-model';
import { parseLeagueRules } from './rules';

const RULES = parseLeagueRules({
  experienceMilliPerCoin: { GC: 10, FC: 0 },
  houseEdgeBp: 300,
  cashbackClaimDays: 7,
  sections: [
    { slug: 'bronze', title: 'Bronze', levels: [100], reward: null, cashbackBp: 1000, dailyWheelPrize: null },
    { slug: 'silver', title: 'Silver', levels: [1_000_000], reward: { kind: 'gold_coins', amount: 5000 }, cashbackBp: 2000, keepExperience: 10_000_000, dailyWheelPrize: { kind: 'gold_coins', amount: 100 } },
  ],
});

/** A random source that always answers `value`. */
const fixed = (value: number) => ({ float: () => value, int: () => 0 });

describe('rank league economy model', () => {
  it("pays a section's reward once, the wheel prize daily, cashback at the week's end, and demotes one section", () => {
    // 20,000 GC a day (200 experience: Silver on day 0) at a return of 0.96 exactly (no spread): 4% lost.
    const model = rankLeagueEconomyModel({ rules: RULES, budget: { gc: null, fcCents: null }, gcWager: 20_000, fcWager: 0, rtp: 0.96, spread: 0, wheelChance: 1, freeSpinStake: () => 0 });
    let state = model.initialState();
    const costs: number[] = [];
    for (let day = 0; day < 14; day++) {
      const result = model.playerDay(state, day < 7, day, fixed(0.5));
      state = result.state;
      costs.push(result.cost.gc);
    }
    // Day 0: the Silver reward and the wheel prize; days 1–5: the wheel prize only.
    expect(costs.slice(0, 6)).toEqual([5100, 100, 100, 100, 100, 100]);
    // Day 6: the wheel prize and the week's cashback: 20% of min(140,000 × 3%, 140,000 × 4%) = 840.
    expect(costs[6]).toBe(100 + 840);
    // The second week: no play, no cashback; at its end the keep rule moves the player down one section.
    expect(costs.slice(7)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(state.section).toBe(1);
  });
});
