import type { DailyBudget, FreeSpinStake } from '../rewards/budget';
import { addCost, drawCost, ZERO_COST } from '../rewards/economy-models';
import type { EconomyFeatureModel } from '../rewards/economy-sim';
import type { PrizeTable } from '../rewards/prize-table';

/**
 * Scratch cards in the economy simulation: an active player takes the free card of the day with
 * probability `freeChance` (when the operator issues one), and makes a purchase over the threshold
 * with probability `purchaseChance` (one card each). Each card is one draw from the card's table.
 */
export function scratchCardsEconomyModel(options: {
  table: PrizeTable;
  budget: DailyBudget;
  freeDaily: boolean;
  purchases: boolean;
  freeChance: number;
  purchaseChance: number;
  freeSpinStake: FreeSpinStake;
}): EconomyFeatureModel<null> {
  const tables = new Map<string, PrizeTable>([[options.table.slug, options.table]]);
  return {
    feature: 'scratch-cards',
    budget: options.budget,
    behaviour: `an active player takes the free card with probability ${options.freeDaily ? options.freeChance : 0}; earns a card by a purchase with probability ${options.purchases ? options.purchaseChance : 0}`,
    initialState: () => null,
    playerDay(state, active, _day, random) {
      if (!active) return { state, cost: ZERO_COST };
      let cost = ZERO_COST;
      if (options.freeDaily && random.float() < options.freeChance) cost = addCost(cost, drawCost(options.table, tables, random, options.freeSpinStake));
      if (options.purchases && random.float() < options.purchaseChance) cost = addCost(cost, drawCost(options.table, tables, random, options.freeSpinStake));
      return { state, cost };
    },
  };
}
