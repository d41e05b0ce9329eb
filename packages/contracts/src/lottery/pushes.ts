import { definePush } from '../realtime/push';
import { z } from 'zod';

/** Lottery news: a draw took place (everyone), tickets issued or a reward won (the player). The page reloads its details. */
export const ZLotteryPush = definePush(
  'lottery',
  z.object({ type: z.literal('lottery'), action: z.enum(['drawn', 'tickets', 'won']), data: z.object({ drawNumber: z.number().int(), lotteryType: z.enum(['weekly', 'monthly']), count: z.number().int().optional() }) }),
);

declare module '../realtime/push' {
  interface PushSchemas {
    lottery: typeof ZLotteryPush;
  }
}
