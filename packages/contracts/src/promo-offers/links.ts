import { z } from 'zod';
import { ZPromoOfferPreset } from './preset';

/** POST /rest/cash/promo-offer-preset/subscribe/: a promo link's hash, applied after login. */
export const ZSubscribeRequest = z.strictObject({ urlHash: z.string().min(1).max(64) });
export const ZSubscribeResponse = z.object({ success: z.literal(true), presetId: z.string() });
export type SubscribeResponse = z.infer<typeof ZSubscribeResponse>;

/** POST /rest/cash/promo-offer-preset/flip-the-coin/?promoOfferSet=<set>. */
export const ZFlipQuery = z.strictObject({ promoOfferSet: z.string().min(1).max(64) });
export const ZFlipReasonType = z.enum(['limit_by_time', 'limit_by_promo_offers', 'no_offers_found']);
export type FlipReasonType = z.infer<typeof ZFlipReasonType>;

/**
 * The flip's answer (spec §7: success, reasonType, data). A flip: `success: true` with the side and
 * the preset it gave, and how to verify it. A refusal: `success: false`, the reason, and what the
 * player can do (`presetId` of the offer still held, `availableAt` of the next flip).
 */
export const ZFlipResponse = z.discriminatedUnion('success', [
  z.object({
    success: z.literal(true),
    reasonType: z.null(),
    data: z.object({ side: z.enum(['heads', 'tails']), presetId: z.string(), preset: ZPromoOfferPreset, fairness: z.object({ serverSeedHash: z.string(), nonce: z.number().int() }) }),
  }),
  z.object({
    success: z.literal(false),
    reasonType: ZFlipReasonType,
    data: z.object({ presetId: z.string().nullable(), availableAt: z.string().nullable() }),
  }),
]);
export type FlipResponse = z.infer<typeof ZFlipResponse>;
