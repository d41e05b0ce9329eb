import { z } from 'zod';
import { ZDepositAnswer, ZDepositMethod } from './deposit';

/** GET /rest/cash/payments/:paymentId/ */
export const ZPaymentParams = z.strictObject({ paymentId: z.string().min(1).max(64) });
export const ZPaymentQuery = z.strictObject({});

/** GET /rest/cash/payments/:paymentId/: one of my payments as it stands now (the widget's status poll). */
export const ZPaymentResponse = z.object({
  success: z.literal(true),
  data: ZDepositAnswer.extend({ presetId: z.string(), methodId: ZDepositMethod, amountCents: z.number().int(), createdAtMs: z.number().int() }),
});
export type PaymentResponse = z.infer<typeof ZPaymentResponse>;
