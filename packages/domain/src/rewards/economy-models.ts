import { prizeCost, type DailyBudget, type FreeSpinStake, type PrizeCost } from './budget';
import type { EconomyFeatureModel, SimRandom } from './economy-sim';
import { multiplyPrize, type Prize } from './prize';
import { drawSegmentIndex, type PrizeTable } from './prize-table';

/**
 * Building blocks for features' economy models (economy-sim.ts): the cost of one draw from a table,
 * resolving a lootbox and a booster the way the server's draw does.
 */
export function drawCost(table: PrizeTable, tables: ReadonlyMap<string, PrizeTable>, random: SimRandom, freeSpinStake: FreeSpinStake, multiplier = 1): PrizeCost {
  let prize: Prize = table.segments[drawSegmentIndex(table, random).index]!.prize;
  if (prize.kind === 'lootbox') {
    const box = tables.get(prize.table);
    prize = box ? box.segments[drawSegmentIndex(box, random).index]!.prize : { kind: 'nothing' };
    if (prize.kind === 'lootbox' || prize.kind === 'multiplier') prize = { kind: 'nothing' };
  }
  if (multiplier > 1) prize = multiplyPrize(prize, multiplier);
  return prizeCost(prize, freeSpinStake);
}

/** The multiplier a booster table draws (1 when the segment is not a multiplier). */
export function drawMultiplier(table: PrizeTable, random: SimRandom): number {
  const prize = table.segments[drawSegmentIndex(table, random).index]!.prize;
  return prize.kind === 'multiplier' ? prize.factor : 1;
}

export const ZERO_COST: PrizeCost = { gc: 0, fcCents: 0 };

export function addCost(a: PrizeCost, b: PrizeCost): PrizeCost {
  return { gc: a.gc + b.gc, fcCents: a.fcCents + b.fcCents };
}

export type { DailyBudget, EconomyFeatureModel };
