import { z } from 'zod';

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

/**
 * What the browser reports to analytics on a completed purchase. The first deposit carries the
 * SHA-256 of the normalized email (trimmed, lower-case) and phone (E.164 digits with +), never the
 * plain values.
 */
export const ZDepositAnalytics = z.object({
  packageId: z.string().max(64),
  methodId: z.string().max(16),
  /** USD, 2 decimals (ecommerce value). */
  value: z.number().min(0),
  currency: z.literal('USD'),
  coins: z.number().int().min(0),
  /** Bonus Fortune Coins (2 decimals). */
  bonus: z.number().min(0),
  playerId: z.string().max(100),
  firstDeposit: z.object({ emailSha256: sha256Hex.nullable(), phoneSha256: sha256Hex.nullable() }).nullable(),
});
export type DepositAnalytics = z.infer<typeof ZDepositAnalytics>;

/**
 * A purchase finished (spec §4 Deposit push): `complete` to the success page (balances, lottery,
 * bingo and streak refresh, depositsCount + 1); `failed-complete` to the failed page.
 */
export const ZDepositPush = z.discriminatedUnion('action', [
  z.object({
    type: z.literal('deposit'),
    action: z.literal('complete'),
    data: z.object({
      paymentId: z.string().min(1).max(100),
      /** USD cents paid. */
      amountCents: z.number().int().min(0),
      depositsCount: z.number().int().min(1),
      isFirstDeposit: z.boolean(),
      /** Data for the `deposit`, `purchase` and `payment_complete` analytics events (spec §3, §4). */
      analytics: ZDepositAnalytics.optional(),
    }),
  }),
  z.object({
    type: z.literal('deposit'),
    action: z.literal('failed-complete'),
    data: z.object({ paymentId: z.string().min(1).max(100), message: z.string().max(500).nullable() }),
  }),
]);
export type DepositPush = z.infer<typeof ZDepositPush>;
