import { z } from 'zod';

/** A `verification` card (identity check, KYC): shown until the player is verified. */
export const ZVerificationPromotionData = z.object({
  /** none: never checked; rejected / duplicateCredentials: the last check failed (support can help). */
  status: z.enum(['none', 'rejected', 'duplicateCredentials']),
});
export type VerificationPromotionData = z.infer<typeof ZVerificationPromotionData>;

declare module '../promotion' {
  interface PromotionDataCatalogue {
    verification: VerificationPromotionData;
  }
}
