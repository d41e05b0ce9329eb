import { z } from 'zod';

/**
 * Where a signed-in player stands on the wheel today (docs/features/wheel-of-treasure.md). Times are
 * milliseconds since the epoch; the day is the operator day (`YYYY-MM-DD` in the operator's zone).
 */
export const ZWheelPlayerStatus = z.object({
  /** The server's clock when this was answered (a countdown's anchor: the player's clock may be off). */
  serverTimeMs: z.number().int(),
  day: z.string(),
  /** Today's free spin is open. */
  dailyAvailable: z.boolean(),
  /** When the next free spin opens (the next operator midnight) when today's is used; null when open. */
  nextDailyAtMs: z.number().int().nullable(),
  /** Today's free spin first spins the booster wheel. */
  boosterEarned: z.boolean(),
  /** Game rounds played today, and still to play for the booster (0 when earned or off). */
  roundsToday: z.number().int().min(0),
  roundsToBooster: z.number().int().min(0),
  /** Extra spins bought and not used. */
  extraSpins: z.number().int().min(0),
});
export type WheelPlayerStatus = z.infer<typeof ZWheelPlayerStatus>;
