import { z } from 'zod';
import { ZDepositAnswer, ZDepositMethod } from './deposit';

/** GET /rest/cash/payments/:paymentId/ */
export const ZPaymentParams = z.strictObject({ paymentId: z.string().min(1).max(64) });
export const ZPaymentQuery = z.strictObject({});

/** GET /rest/cash/payments/:paymentId/: one of my payments as it stands now (the widget's status poll and its receipt). */
export const ZPaymentResponse = z.object({
  success: z.literal(true),
  data: ZDepositAnswer.extend({
    presetId: z.string(),
    methodId: ZDepositMethod,
    amountCents: z.number().int(),
    /** What the payment credits (credited once it is complete): Gold Coins, and Fortune Coins in cents. */
    goldCoins: z.number().int(),
    fortuneCents: z.number().int(),
    createdAtMs: z.number().int(),
    /** When it completed (the receipt's date), null before. */
    completedAtMs: z.number().int().nullable(),
  }),
});
export type PaymentResponse = z.infer<typeof ZPaymentResponse>;
