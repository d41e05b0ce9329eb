import { z } from 'zod';

/** Why a preset cannot be bought now (`unavailabilityReasons`). */
export const ZUnavailabilityReason = z.enum(['inactive', 'expired', 'wrongDay', 'linkRequired', 'firstPurchaseOnly', 'stepBought', 'stepLocked', 'limitPerDay', 'minBalance']);
export type UnavailabilityReasonName = z.infer<typeof ZUnavailabilityReason>;

/**
 * Spec §3 `promoOfferPreset`: a coin package (the fields of the cashier's packages, so the cash widget
 * sells it like one) with its offer conditions. `isLimitPerDayReason` / `isMinBalanceReason`: shown but
 * not buyable now for that reason. `dayOfWeek` is ISO (1 Monday … 7 Sunday, operator time zone);
 * `minBalance` in Gold Coins; `availableTill` an ISO instant or null.
 */
export const ZPromoOfferPreset = z.object({
  id: z.string(),
  coins: z.number().int(),
  entries: z.number(),
  price: z.number(),
  priceCents: z.number().int(),
  usualPrice: z.number(),
  usualPriceCents: z.number().int(),
  badgeLabel: z.string().nullable(),
  bestDeal: z.boolean(),
  mostPopular: z.boolean(),
  relatedPresetIds: z.array(z.string()),
  dayOfWeek: z.number().int().min(1).max(7).nullable(),
  isLimitPerDayReason: z.boolean(),
  isMinBalanceReason: z.boolean(),
  minBalance: z.number().int().nullable(),
  availableTill: z.string().nullable(),
  imagePopup: z.string().nullable(),
  promoOffer: z.literal(true),
});
export type PromoOfferPreset = z.infer<typeof ZPromoOfferPreset>;

/** Spec §3 "Promo-offer bundle": `type` and its steps, `current` on the one the player can buy now. */
export const ZPromoOfferBundle = z.object({
  id: z.string(),
  type: z.literal('welcomePack'),
  title: z.string(),
  promoOffers: z.array(ZPromoOfferPreset.extend({ step: z.number().int(), current: z.boolean(), bought: z.boolean() })),
});
export type PromoOfferBundle = z.infer<typeof ZPromoOfferBundle>;
