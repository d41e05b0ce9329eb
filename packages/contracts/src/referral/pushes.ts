import { z } from 'zod';
import { definePush } from '../realtime/push';

/**
 * Spec §2 toasts "friend or player qualified reward": `friendReward` tells a referrer a friend's step
 * paid them (`inviteQualification` is the main reward), `playerReward` tells a player their own reward
 * was paid.
 */
export const ZReferralPush = definePush(
  'referral',
  z.object({
    type: z.literal('referral'),
    action: z.enum(['friendReward', 'playerReward']),
    data: z.object({
      step: z.enum(['registration', 'emailConfirmation', 'phoneConfirmation', 'profileComplete', 'inviteQualification', 'email', 'phone', 'profile', 'signUp']),
      /** The friend, masked (friendReward only). */
      friend: z.string().nullable(),
      coins: z.number().int().nonnegative(),
      entries: z.number().nonnegative(),
    }),
  }),
);

declare module '../realtime/push' {
  interface PushSchemas {
    referral: typeof ZReferralPush;
  }
}
