import { z } from 'zod';

/**
 * A redemption as the player (and the operator) sees it: the amount in Fortune Coin hundredths, the
 * payout details with a bank account number masked to its last four digits, and how it ended.
 */
export const ZRedemptionView = z.object({
  id: z.number(),
  amount: z.number(),
  method: z.enum(['bank', 'gift_card']),
  details: z.record(z.string(), z.string()),
  status: z.enum(['pending', 'paid', 'rejected', 'cancelled']),
  reason: z.string().nullable(),
  createdAtMs: z.number(),
  resolvedAtMs: z.number().nullable(),
});
export type RedemptionView = z.infer<typeof ZRedemptionView>;
