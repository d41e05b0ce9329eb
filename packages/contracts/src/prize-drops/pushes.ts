import { z } from 'zod';
import { definePush } from '../realtime/push';
import { ZPrizeLevel } from './info';

/**
 * Prize drops' pushes (spec §4): `prizeAssigned` to every socket when a prize is won (boards update;
 * `isMine` only on the copy sent to the winner, whose win modal opens), `prizesReleased` when an
 * hourly block opens.
 */
export const ZPrizeDropsPush = definePush(
  'prizeDrops',
  z.discriminatedUnion('action', [
    z.object({ type: z.literal('prizeDrops'), action: z.literal('prizeAssigned'), data: z.object({ playerName: z.string(), prizeValue: z.number().int(), prizeLevel: ZPrizeLevel, isMine: z.boolean() }) }),
    z.object({ type: z.literal('prizeDrops'), action: z.literal('prizesReleased'), data: z.object({ day: z.string(), block: z.number().int() }) }),
  ]),
);

declare module '../realtime/push' {
  interface PushSchemas {
    prizeDrops: typeof ZPrizeDropsPush;
  }
}
