import { z } from 'zod';

const amount = z.number().int().min(0);

/**
 * The player's balances after a committed movement of coins (same fields as app init's
 * `playerInfo.playerBalance`): entries and winnings are Fortune Coin cents, tourPoints and coins Gold Coins.
 */
export const ZBalancePush = z.object({
  type: z.literal('balance'),
  action: z.literal('update'),
  data: z.object({ entries: amount, winnings: amount, tourPoints: amount, coins: amount }),
});
export type BalancePush = z.infer<typeof ZBalancePush>;
