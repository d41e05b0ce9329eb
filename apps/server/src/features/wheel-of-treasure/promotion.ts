import type { WheelOfTreasurePromotionData } from '@sweepstack/contracts/promotions/cards/wheel-of-treasure';
import type { FeatureDefinition, PromotionContribution } from '../../platform/define-feature';
import type { WheelFeatureStatus } from './wheel-info';

/**
 * The daily wheel card (docs/features/promotions.md): while the wheel runs, "Ready" when the free daily
 * spin waits, else a countdown to the next one (the feature's `times()`); it opens the wheel.
 */
export const wheelPromotions: NonNullable<FeatureDefinition['promotions']> = async ({ status, times, nowMs }) => {
  const wheel = status as WheelFeatureStatus | null;
  if (!wheel?.isActive || (wheel.finishedAt !== null && nowMs >= wheel.finishedAt) || times?.availableAtMs === undefined) return [];
  const data: WheelOfTreasurePromotionData = { finishesAtMs: wheel.finishedAt };
  const card: PromotionContribution = { type: 'wheelOfTreasure', data, link: { modal: 'wheel-of-treasure' }, availableAtMs: times.availableAtMs > nowMs ? times.availableAtMs : null };
  return [card];
};
