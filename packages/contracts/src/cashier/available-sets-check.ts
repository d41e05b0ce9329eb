import { z } from 'zod';

/** A coin package on sale (spec §7 available-sets): Gold Coins, Fortune Coins (`entries`, 2 decimals), its price. */
export const ZCoinPackage = z.object({
  id: z.string(),
  coins: z.number().int(),
  entries: z.number(),
  /** Dollars, and the same in cents (`priceCents`), which the web uses. */
  price: z.number(),
  priceCents: z.number().int(),
  usualPrice: z.number(),
  usualPriceCents: z.number().int(),
  badgeLabel: z.string().nullable(),
  bestDeal: z.boolean(),
  mostPopular: z.boolean(),
  relatedPresetIds: z.array(z.string()),
});
export type CoinPackage = z.infer<typeof ZCoinPackage>;

/** GET /rest/available-sets/check/ takes no query. */
export const ZAvailableSetsCheckQuery = z.strictObject({});

/**
 * GET /rest/available-sets/check/: the packages on sale (quick-buy presets) and the features' promo
 * offers (`promoOffers.extraWheel`: the wheel of treasure's; their shape is the feature's contract).
 */
export const ZAvailableSetsCheckResponse = z.object({
  success: z.literal(true),
  data: z.object({
    packages: z.array(ZCoinPackage),
    promoOffers: z.object({ bundle: z.array(z.unknown()), extraWheel: z.array(z.unknown()) }),
  }),
});
export type AvailableSetsCheckResponse = z.infer<typeof ZAvailableSetsCheckResponse>;
