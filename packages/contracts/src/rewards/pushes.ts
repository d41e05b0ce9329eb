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

declare module '../realtime/push' {
  interface PushSchemas {
    freeSpins: typeof ZFreeSpinsPush;
  }
}
