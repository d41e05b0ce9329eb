import { z } from 'zod';

/** How a purchase is paid. */
export const ZDepositMethod = z.enum(['card', 'bank', 'apple_pay']);
export type DepositMethod = z.infer<typeof ZDepositMethod>;

/** Card details; the number is checked by the server (Luhn, length, the brand's security code length). */
export const ZDepositCard = z.strictObject({
  number: z.string().min(1).max(40),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int().min(2000).max(2100),
  cvc: z.string().regex(/^\d{3,4}$/, 'Must be 3 or 4 digits'),
});
export type DepositCard = z.infer<typeof ZDepositCard>;

/** POST /rest/cash/deposit/: buy a package. A retried `idempotencyKey` answers the first result. */
export const ZDepositRequest = z.strictObject({
  presetId: z.string().min(1).max(64),
  methodId: ZDepositMethod,
  card: ZDepositCard.optional(),
  idempotencyKey: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]{7,99}$/, '8 to 100 letters, digits, _ . : -'),
});
export type DepositRequest = z.infer<typeof ZDepositRequest>;

/** Where a purchase stands: done, declined (with the provider's reason), waiting for 3-D Secure, or in flight. */
export const ZDepositAnswer = z.object({
  paymentId: z.string(),
  status: z.enum(['complete', 'declined', 'pending_3ds', 'pending']),
  reason: z.string().optional(),
  challengeUrl: z.string().optional(),
});
export type DepositAnswer = z.infer<typeof ZDepositAnswer>;

/** POST /rest/cash/deposit/ answer. Coins arrive later, once, with the provider's webhook. */
export const ZDepositResponse = z.object({ success: z.literal(true), data: ZDepositAnswer });
export type DepositResponse = z.infer<typeof ZDepositResponse>;
