import { z } from 'zod';

/** A redemption changed state (docs/kyc-and-redeem.md): placed (pending), paid, rejected or cancelled. */
export const ZRedeemPush = z.object({
  type: z.literal('redeem'),
  action: z.enum(['pending', 'paid', 'rejected', 'cancelled']),
  data: z.object({
    redemptionId: z.number().int().positive(),
    /** FC hundredths (1 FC = 1 USD). */
    amount: z.number().int().positive(),
    method: z.enum(['bank', 'gift_card']),
    /** The operator's reason for a rejection, else null. */
    reason: z.string().max(500).nullable(),
  }),
});
export type RedeemPush = z.infer<typeof ZRedeemPush>;
