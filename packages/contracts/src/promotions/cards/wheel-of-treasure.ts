import { z } from 'zod';

/**
 * A `wheelOfTreasure` card (the daily wheel; not a spec §3 type: docs/decisions/0007): the free daily
 * spin is ready, or the card counts down to the next one (the feature's `times()`).
 */
export const ZWheelOfTreasurePromotionData = z.object({
  /** When the wheel ends, if it does. */
  finishesAtMs: z.number().int().nullable(),
});
export type WheelOfTreasurePromotionData = z.infer<typeof ZWheelOfTreasurePromotionData>;

declare module '../promotion' {
  interface PromotionDataCatalogue {
    wheelOfTreasure: WheelOfTreasurePromotionData;
  }
}
