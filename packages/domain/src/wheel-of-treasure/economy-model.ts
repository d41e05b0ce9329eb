import type { DailyBudget, FreeSpinStake } from '../rewards/budget';
import { addCost, drawCost, drawMultiplier, ZERO_COST } from '../rewards/economy-models';
import type { EconomyFeatureModel } from '../rewards/economy-sim';
import type { PrizeTable } from '../rewards/prize-table';

/**
 * The wheel of treasure in the economy simulation: an active player spins the free daily wheel with
 * probability `spinChance`, has earned the booster with probability `boosterChance`, and buys extra
 * wheel spins with probability `extraChance` per day (one spin each).
 */
export function wheelEconomyModel(options: {
  daily: PrizeTable;
  booster: PrizeTable | undefined;
  extra: PrizeTable | undefined;
  tables: ReadonlyMap<string, PrizeTable>;
  budget: DailyBudget;
  spinChance: number;
  boosterChance: number;
  extraChance: number;
  freeSpinStake: FreeSpinStake;
}): EconomyFeatureModel<null> {
  return {
    feature: 'wheel-of-treasure',
    budget: options.budget,
    behaviour: `an active player spins the daily wheel with probability ${options.spinChance}, boosted with probability ${options.boosterChance}; buys an extra spin with probability ${options.extraChance}`,
    initialState: () => null,
    playerDay(state, active, _day, random) {
      if (!active) return { state, cost: ZERO_COST };
      let cost = ZERO_COST;
      if (random.float() < options.spinChance) {
        const multiplier = options.booster && random.float() < options.boosterChance ? drawMultiplier(options.booster, random) : 1;
        cost = addCost(cost, drawCost(options.daily, options.tables, random, options.freeSpinStake, multiplier));
      }
      if (options.extra && random.float() < options.extraChance) cost = addCost(cost, drawCost(options.extra, options.tables, random, options.freeSpinStake));
      return { state, cost };
    },
  };
}
