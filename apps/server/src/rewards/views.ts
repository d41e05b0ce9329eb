import type { PrizeTableOdds } from '@sweepstack/contracts/rewards/prize';
import type { StoredPrizeTable } from '@sweepstack/db/rewards/repository';
import { segmentOdds, totalWeight } from '@sweepstack/domain/rewards/prize-table';

/** A stored table with every segment's published chance (computed from the weights the draw uses). */
export function prizeTableOdds(table: StoredPrizeTable): PrizeTableOdds {
  const odds = segmentOdds(table);
  return {
    slug: table.slug,
    feature: table.feature,
    version: table.version,
    totalWeight: totalWeight(table),
    segments: table.segments.map((segment, index) => ({ index, label: segment.label ?? null, prize: segment.prize, weight: segment.weight, percent: odds[index]!.percent })),
  };
}
