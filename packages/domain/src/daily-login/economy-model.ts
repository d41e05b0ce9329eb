import type { DailyBudget, FreeSpinStake } from '../rewards/budget';
import type { EconomyFeatureModel } from '../rewards/economy-sim';
import { prizeCost } from '../rewards/budget';
import type { Prize } from '../rewards/prize';
import { DEFAULT_LADDER_RULES, type LadderRules } from './ladder';

/**
 * Daily login in the economy simulation: a player who comes claims with probability `claimChance`;
 * the ladder climbs as the real one does (grace day, restart, wrap), each level paying its fixed prize.
 */
export function dailyLoginEconomyModel(options: { levels: readonly Prize[]; budget: DailyBudget; rules?: LadderRules; claimChance: number; freeSpinStake: FreeSpinStake }): EconomyFeatureModel<{ level: number; missed: number }> {
  const rules = options.rules ?? DEFAULT_LADDER_RULES;
  return {
    feature: 'daily-login',
    budget: options.budget,
    behaviour: `an active player claims with probability ${options.claimChance}; ${rules.levels} levels, ${rules.graceDays} grace day, ${rules.afterLast} after the last`,
    initialState: () => ({ level: 0, missed: 0 }),
    playerDay(state, active, _day, random) {
      if (!active || random.float() >= options.claimChance) return { state: { ...state, missed: state.missed + 1 }, cost: { gc: 0, fcCents: 0 } };
      let level: number;
      if (state.level === 0 || state.missed > rules.graceDays) level = 1;
      else if (state.level >= rules.levels) level = rules.afterLast === 'wrap' ? 1 : rules.levels;
      else level = state.level + 1;
      const prize = options.levels[level - 1] ?? { kind: 'nothing' as const };
      return { state: { level, missed: 0 }, cost: prizeCost(prize, options.freeSpinStake) };
    },
  };
}
