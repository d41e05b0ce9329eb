import { z } from 'zod';
import { ZCoinPackage } from '../cashier/available-sets-check';

/** Why a preset cannot be bought now (`unavailabilityReasons`). */
export const ZUnavailabilityReason = z.enum(['inactive', 'expired', 'wrongDay', 'linkRequired', 'firstPurchaseOnly', 'stepBought', 'stepLocked', 'limitPerDay', 'minBalance']);
export type UnavailabilityReasonName = z.infer<typeof ZUnavailabilityReason>;

/**
 * Spec §3 `promoOfferPreset`: a coin package (the fields of the cashier's packages, so the cash widget
 * sells it like one) with its offer conditions. `isLimitPerDayReason` / `isMinBalanceReason`: shown but
 * not buyable now for that reason. `dayOfWeek` is ISO (1 Monday … 7 Sunday, operator time zone);
 * `minBalance` in Gold Coins; `availableTill` an ISO instant or null.
 */
export const ZPromoOfferPreset = ZCoinPackage.extend({
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
