import { definePush } from '../realtime/push';
import { z } from 'zod';
import { ZWheelPlayerStatus } from './status';

/**
 * Tells the player's tabs that their wheel changed without them spinning: the booster was earned by
 * rounds played, or extra spins were credited by a purchase.
 */
export const ZWheelOfTreasurePush = definePush(
  'wheelOfTreasure',
  z.object({ type: z.literal('wheelOfTreasure'), action: z.enum(['boosterEarned', 'extraSpinsCredited']), data: ZWheelPlayerStatus }),
);

declare module '../realtime/push' {
  interface PushSchemas {
    wheelOfTreasure: typeof ZWheelOfTreasurePush;
  }
}
