import { z } from 'zod';

/** The operator calls of promo offers, under `/api/operator/promo-offers/` (docs/features/promo-offers.md). */

export const ZOperatorPresetParams = z.strictObject({ id: z.string().regex(/^[a-z0-9-]{1,64}$/) });

/** A preset: its package (price, coins) and its conditions. PUT creates or replaces it. */
export const ZOperatorPreset = z.strictObject({
  priceCents: z.number().int().min(1).max(100_000_000),
  usualPriceCents: z.number().int().min(1).max(100_000_000).nullable(),
  goldCoins: z.number().int().min(0).max(1_000_000_000),
  fortuneCents: z.number().int().min(0).max(100_000_000),
  badgeLabel: z.string().trim().min(1).max(40).nullable(),
  bestDeal: z.boolean(),
  mostPopular: z.boolean(),
  sortOrder: z.number().int().min(0).max(100_000),
  urlHash: z.string().regex(/^[A-Za-z0-9_-]{6,64}$/).nullable(),
  subscriptionRequired: z.boolean(),
  offerSet: z.string().regex(/^[a-z0-9-]{1,64}$/).nullable(),
  bundle: z.strictObject({ id: z.string().regex(/^[a-z0-9-]{1,64}$/), step: z.number().int().min(1).max(20) }).nullable(),
  dayOfWeek: z.number().int().min(1).max(7).nullable(),
  limitPerDay: z.number().int().min(1).max(100).nullable(),
  minBalance: z.number().int().min(0).max(1_000_000_000).nullable(),
  availableTill: z.iso.datetime().nullable(),
  firstPurchaseOnly: z.boolean(),
  imagePopup: z.string().regex(/^\/[A-Za-z0-9/_.-]{1,299}$/).nullable(),
  relatedPresetIds: z.array(z.string().regex(/^[a-z0-9-]{1,64}$/)).max(10),
  active: z.boolean(),
});
export type OperatorPreset = z.infer<typeof ZOperatorPreset>;

export const ZOperatorBundle = z.strictObject({ type: z.literal('welcomePack'), title: z.strictObject({ en: z.string().trim().min(1).max(80), es: z.string().trim().min(1).max(80) }), active: z.boolean() });
export const ZOperatorSet = z.strictObject({ cooldownHours: z.number().int().min(0).max(24 * 30), active: z.boolean() });
