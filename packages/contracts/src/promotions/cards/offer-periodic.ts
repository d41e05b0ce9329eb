import { z } from 'zod';

/**
 * An `offerPeriodic` card (promo offers, docs/features/promo-offers.md): a public offer that comes
 * back by day (a weekday, a daily limit); `boughtOut` when today's purchases are used up.
 */
export const ZOfferPeriodicPromotionData = z.object({
  presetId: z.string(),
  badgeLabel: z.string().nullable(),
  coins: z.number().int(),
  entries: z.number(),
  priceCents: z.number().int(),
  usualPriceCents: z.number().int(),
  /** ISO weekday 1 (Monday) … 7 (Sunday), or null: every day. */
  dayOfWeek: z.number().int().min(1).max(7).nullable(),
  limitPerDay: z.number().int().nullable(),
  boughtOut: z.boolean(),
});
export type OfferPeriodicPromotionData = z.infer<typeof ZOfferPeriodicPromotionData>;

declare module '../promotion' {
  interface PromotionDataCatalogue {
    offerPeriodic: OfferPeriodicPromotionData;
  }
}
