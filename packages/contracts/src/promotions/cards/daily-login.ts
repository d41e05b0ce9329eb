import { z } from 'zod';

/**
 * A `dailyLogin` card (the daily login prizes; not a spec §3 type: docs/decisions/0007): today's prize
 * is ready, or the card counts down to the next claim (the feature's `times()`).
 */
export const ZDailyLoginPromotionData = z.object({
  /** When the ladder ends, if it does. */
  finishesAtMs: z.number().int().nullable(),
});
export type DailyLoginPromotionData = z.infer<typeof ZDailyLoginPromotionData>;

declare module '../promotion' {
  interface PromotionDataCatalogue {
    dailyLogin: DailyLoginPromotionData;
  }
}
