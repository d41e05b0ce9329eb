import { z } from 'zod';
import { ZRewardCoins } from '../../referral/rewards';

/** An `invite` card (referral): the player's code, what a friend gets and what the player can earn per friend. */
export const ZInvitePromotionData = z.object({
  code: z.string(),
  /** The friend's reward for signing up with the code. */
  friendReward: ZRewardCoins,
  /** Everything the player earns for one friend who completes every step and qualifies. */
  perFriend: ZRewardCoins,
  friends: z.number().int().nonnegative(),
});
export type InvitePromotionData = z.infer<typeof ZInvitePromotionData>;

declare module '../promotion' {
  interface PromotionDataCatalogue {
    invite: InvitePromotionData;
  }
}
