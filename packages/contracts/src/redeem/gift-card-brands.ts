/** The gift cards a redemption can pay out as (a file of its own: the web reads it without zod). */
export const GIFT_CARD_BRANDS = ['amazon', 'visa_prepaid', 'walmart', 'target'] as const;
export type GiftCardBrand = (typeof GIFT_CARD_BRANDS)[number];
