import { z } from 'zod';
import { ZPromoOfferBundle, ZUnavailabilityReason } from './preset';

/** GET /rest/promo-offers-bundle/configs/: the bundles on sale, each step marked for this visitor. */
export const ZBundleConfigsQuery = z.strictObject({ locale: z.enum(['en', 'es']).optional() });
export const ZBundleConfigsResponse = z.object({ success: z.literal(true), data: z.object({ bundles: z.array(ZPromoOfferBundle) }) });
export type BundleConfigsResponse = z.infer<typeof ZBundleConfigsResponse>;

/** POST /rest/promo-offers-bundle/check-availability/: can this player buy this step now, and if not why. */
export const ZCheckAvailabilityRequest = z.strictObject({ promoOfferBundleId: z.string().min(1).max(64), promoOfferId: z.string().min(1).max(64) });
export const ZCheckAvailabilityResponse = z.object({
  success: z.literal(true),
  data: z.object({ available: z.boolean(), unavailabilityReasons: z.array(ZUnavailabilityReason) }),
  unavailabilityReasons: z.array(ZUnavailabilityReason),
});
export type CheckAvailabilityResponse = z.infer<typeof ZCheckAvailabilityResponse>;
