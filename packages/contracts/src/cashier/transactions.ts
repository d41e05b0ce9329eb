import { z } from 'zod';

const ZCoinCurrency = z.enum(['GC', 'FC']);

/**
 * One item of the account area's history: a purchase (its Gold and Fortune Coin legs as one), the
 * plays of one game session and currency summarized, a prize, bonus or adjustment, a redemption and
 * how it ended. Fortune Coin amounts have 2 decimals, Gold Coins are whole.
 */
export const ZTransactionItem = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('purchase'),
    id: z.number().int(),
    createdAtMs: z.number().int(),
    paymentId: z.string().nullable(),
    packageId: z.string().nullable(),
    amountCents: z.number().int().nullable(),
    methodId: z.string().nullable(),
    cardLast4: z.string().nullable(),
    goldCoins: z.number(),
    fortuneCoins: z.number(),
  }),
  z.object({
    type: z.literal('play'),
    id: z.number().int(),
    createdAtMs: z.number().int(),
    gameId: z.string().nullable(),
    sessionId: z.string().nullable(),
    rounds: z.number().int(),
    currency: ZCoinCurrency,
    betTotal: z.number(),
    winTotal: z.number(),
  }),
  z.object({ type: z.enum(['prize', 'bonus', 'adjustment']), id: z.number().int(), createdAtMs: z.number().int(), reason: z.string(), currency: ZCoinCurrency, amount: z.number() }),
  z.object({ type: z.literal('redemption'), id: z.number().int(), createdAtMs: z.number().int(), currency: ZCoinCurrency, amount: z.number(), state: z.enum(['pending', 'paid', 'returned']) }),
]);
export type TransactionItem = z.infer<typeof ZTransactionItem>;

/** GET /rest/player/transactions/: newest first; pass `nextCursor` back as `cursor` for the next page. */
export const ZTransactionsQuery = z.strictObject({ cursor: z.coerce.number().int().positive().optional(), limit: z.coerce.number().int().min(1).max(200).default(50) });

export const ZTransactionsResponse = z.object({ success: z.literal(true), data: z.object({ items: z.array(ZTransactionItem), nextCursor: z.number().int().nullable() }) });
export type TransactionsResponse = z.infer<typeof ZTransactionsResponse>;
