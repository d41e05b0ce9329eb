import { z } from 'zod';

/** The lottery's operator calls under `/api/operator/lottery/` (docs/features/lottery.md); every change audited. */

const ZCoinPrize = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('gold_coins'), amount: z.number().int().min(1) }),
  z.strictObject({ kind: z.literal('fortune_coins'), amountCents: z.number().int().min(1) }),
  z.strictObject({ kind: z.literal('coins'), amount: z.number().int().min(0), amountCents: z.number().int().min(0) }),
]);

const ZTypeSettings = z.strictObject({ enabled: z.boolean(), prizes: z.array(ZCoinPrize).min(1).max(100) });

/** Prizes by place and the ticket rates; a change applies to draws that open after it. */
export const ZLotterySettings = z.strictObject({
  weekly: ZTypeSettings,
  monthly: ZTypeSettings,
  rates: z.strictObject({
    wagerCentsPerTicket: z.number().int().min(1).max(10_000_000),
    receivedCentsPerTicket: z.number().int().min(1).max(10_000_000),
    maxTicketsPerPlayer: z.number().int().min(1).max(1_000_000),
  }),
});

export const ZLotterySettingsResponse = z.object({ success: z.literal(true), data: ZLotterySettings });
