import { z } from 'zod';
import { definePush } from '../realtime/push';
import { ZBingoStatus } from './status';

/** Spec §4 "Bingo push": `progressNextBall` as play moves the progress, `show` when a ball is earned (the progress popup). */
export const ZBingoPush = definePush('bingo', z.object({ type: z.literal('bingo'), action: z.enum(['show', 'progressNextBall']), data: ZBingoStatus }));

declare module '../realtime/push' {
  interface PushSchemas {
    bingo: typeof ZBingoPush;
  }
}
