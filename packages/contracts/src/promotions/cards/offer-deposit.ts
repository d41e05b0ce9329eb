import { z } from 'zod';

/**
 * An `offerDeposit` card (promo offers, docs/features/promo-offers.md): the welcome pack's step the
 * player can buy now (the welcome offer first), with its coins and price.
 */
export const ZOfferDepositPromotionData = z.object({
  presetId: z.string(),
  /** The pack's title in the visitor's language. */
  title: z.string(),
  step: z.number().int().min(1),
  steps: z.number().int().min(1),
  coins: z.number().int(),
  /** Fortune Coins, 2 decimals. */
  entries: z.number(),
  priceCents: z.number().int(),
  usualPriceCents: z.number().int(),
});
export type OfferDepositPromotionData = z.infer<typeof ZOfferDepositPromotionData>;

declare module '../promotion' {
  interface PromotionDataCatalogue {
    offerDeposit: OfferDepositPromotionData;
  }
}
