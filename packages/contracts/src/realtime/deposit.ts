import { z } from 'zod';

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
    }),
  }),
  z.object({
    type: z.literal('deposit'),
    action: z.literal('failed-complete'),
    data: z.object({ paymentId: z.string().min(1).max(100), message: z.string().max(500).nullable() }),
  }),
]);
export type DepositPush = z.infer<typeof ZDepositPush>;
