import { z } from 'zod';

/**
 * A progressive pool changed (docs/games/play-api.md): sent to every socket at most every few seconds
 * while bets feed it, and at once when a Grand is won (with the amount paid). Values are in the
 * currency's smallest unit: Gold Coins whole, Fortune Coins hundredths.
 */
export const ZJackpotPush = z.object({
  type: z.literal('jackpot'),
  action: z.literal('update'),
  data: z.object({
    currency: z.enum(['GC', 'FC']),
    value: z.number().int(),
    won: z.object({ amount: z.number().int().min(0), winner: z.string() }).nullable(),
  }),
});
export type JackpotPush = z.infer<typeof ZJackpotPush>;
