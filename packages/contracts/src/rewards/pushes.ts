import { z } from 'zod';
import { definePush } from '../realtime/push';

/**
 * Spec §4 free-spin push: after each spin played from a grant, the spins left (at zero the web removes
 * the free-spin card or refreshes its lists).
 */
export const ZFreeSpinsPush = definePush(
  'freeSpins',
  z.object({ type: z.literal('freeSpins'), action: z.literal('update'), data: z.object({ spinsId: z.number().int(), gameId: z.number().int(), spinsRemain: z.number().int().min(0) }) }),
);

/**
 * The notification centre's badge: a notice was written for the player (`added`) or they read them
 * (`read`, so every tab clears its badge); `unread` is the count GET /rest/rewards/notices/ answers.
 */
export const ZRewardNoticesPush = definePush(
  'rewardNotices',
  z.object({ type: z.literal('rewardNotices'), action: z.enum(['added', 'read']), data: z.object({ unread: z.number().int().min(0) }) }),
);

declare module '../realtime/push' {
  interface PushSchemas {
    freeSpins: typeof ZFreeSpinsPush;
    rewardNotices: typeof ZRewardNoticesPush;
  }
}
