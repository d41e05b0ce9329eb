import { definePush } from '../realtime/push';
import { z } from 'zod';

/** Tells the player's tabs that a daily prize was paid (by a claim in another tab, or automatically at the feature's end). */
export const ZDailyLoginPush = definePush(
  'dailyLogin',
  z.object({ type: z.literal('dailyLogin'), action: z.literal('claimed'), data: z.object({ day: z.string(), level: z.number().int().min(1), freeSpinCount: z.number().int().min(0), automatic: z.boolean() }) }),
);

declare module '../realtime/push' {
  interface PushSchemas {
    dailyLogin: typeof ZDailyLoginPush;
  }
}
