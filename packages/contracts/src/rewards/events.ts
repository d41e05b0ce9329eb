import { z } from 'zod';
import { defineEvent } from '../events';

/** A round was played from a free-spin grant (it carries the `freeSpins` push). */
export const FreeSpinsPlayed = defineEvent('rewards.free-spins-played', z.object({ roundId: z.number().int().positive(), spinsId: z.number().int().positive(), spinsRemain: z.number().int().min(0) }));

/** A grant expired with spins left (it carries a `freeSpins` push with none left). */
export const FreeSpinsExpired = defineEvent('rewards.free-spins-expired', z.object({ spinsId: z.number().int().positive(), spinsLost: z.number().int().min(0) }));

/** A notice was written for the player (it carries a `rewardNotices` push with the unread count). */
export const RewardNoticeAdded = defineEvent('rewards.notice-added', z.object({ noticeId: z.number().int().positive(), kind: z.string(), feature: z.string() }));

/** The player read their notices (it carries a `rewardNotices` push: every tab clears its badge). */
export const RewardNoticesRead = defineEvent('rewards.notices-read', z.object({ upToId: z.number().int().positive(), marked: z.number().int().min(0) }));

declare module '../events' {
  interface EventCatalogue {
    'rewards.free-spins-played': typeof FreeSpinsPlayed;
    'rewards.free-spins-expired': typeof FreeSpinsExpired;
    'rewards.notice-added': typeof RewardNoticeAdded;
    'rewards.notices-read': typeof RewardNoticesRead;
  }
}
