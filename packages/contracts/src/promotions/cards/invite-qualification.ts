import { z } from 'zod';

/**
 * An `inviteQualification` card (referral), for a player who joined with a friend's code: what is
 * left for the friend's main reward (the identity check, a first purchase). It leads to the
 * verification first, then to the cash widget's `…/preset/?inviteQualification=true` route.
 */
export const ZInviteQualificationPromotionData = z.object({
  identityVerified: z.boolean(),
  hasPurchased: z.boolean(),
  /** The package the purchase step opens, or null when none is on sale. */
  presetId: z.string().nullable(),
});
export type InviteQualificationPromotionData = z.infer<typeof ZInviteQualificationPromotionData>;

declare module '../promotion' {
  interface PromotionDataCatalogue {
    inviteQualification: InviteQualificationPromotionData;
  }
}
