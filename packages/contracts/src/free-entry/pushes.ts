import { definePush } from '../realtime/push';
import { z } from 'zod';

/** Tells the player's tabs that a free entry request was decided (the page refreshes its list; a toast says so). */
export const ZFreeEntryPush = definePush(
  'freeEntry',
  z.object({ type: z.literal('freeEntry'), action: z.enum(['credited', 'rejected']), data: z.object({ requestId: z.number().int().positive(), entries: z.number() }) }),
);

declare module '../realtime/push' {
  interface PushSchemas {
    freeEntry: typeof ZFreeEntryPush;
  }
}
