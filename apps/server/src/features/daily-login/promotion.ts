import type { DailyLoginPromotionData } from '@sweepstack/contracts/promotions/cards/daily-login';
import type { DailyLoginStatus } from '@sweepstack/db/daily-login/repository';
import type { FeatureDefinition, PromotionContribution } from '../../platform/define-feature';

/**
 * The daily prize card (docs/features/promotions.md): while the ladder runs, "Ready" when today's prize
 * waits, else a countdown to the next claim (the feature's `times()` gives both); it opens the modal.
 */
export const dailyLoginPromotions: NonNullable<FeatureDefinition['promotions']> = async ({ status, times, nowMs }) => {
  const ladder = status as DailyLoginStatus | null;
  if (!ladder?.active || (ladder.finishesAtMs !== null && nowMs >= ladder.finishesAtMs) || times?.availableAtMs === undefined) return [];
  const data: DailyLoginPromotionData = { finishesAtMs: ladder.finishesAtMs };
  const card: PromotionContribution = { type: 'dailyLogin', data, link: { modal: 'daily-login' }, availableAtMs: times.availableAtMs > nowMs ? times.availableAtMs : null };
  return [card];
};
