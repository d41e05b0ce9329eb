import { z } from 'zod';

const paymentId = z.string().min(1).max(100).optional();

/**
 * Where a purchase stands (spec §4 Payment status push): `refresh` back to the deposit step,
 * `decline` to the failed page with a message, `3ds` opens the 3-D Secure challenge.
 */
export const ZPaymentStatusPush = z.discriminatedUnion('action', [
  z.object({ type: z.literal('paymentStatus'), action: z.literal('refresh'), data: z.object({ paymentId }) }),
  z.object({
    type: z.literal('paymentStatus'),
    action: z.literal('decline'),
    data: z.object({
      paymentId,
      /** Shown in the error popup; the client falls back to the default decline text. */
      message: z.string().max(500).nullable(),
      /** Machine-readable decline reason (`card_declined`, `insufficient_funds`, `expired_card`…). */
      reason: z.string().max(64).optional(),
      /** The failed page of "try the next method" rather than the plain failed page. */
      nextMethod: z.boolean().default(false),
    }),
  }),
  z.object({
    type: z.literal('paymentStatus'),
    action: z.literal('3ds'),
    data: z.object({ paymentId, challengeUrl: z.string().min(1).max(2000) }),
  }),
]);
export type PaymentStatusPush = z.infer<typeof ZPaymentStatusPush>;
