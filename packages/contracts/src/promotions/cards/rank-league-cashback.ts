import { z } from 'zod';

/** A `rankLeagueCashback` card (the rank league): this week's cashback rate, and the cashback waiting if any. */
export const ZRankLeagueCashbackPromotionData = z.object({
  status: z.enum(['available', 'unavailable']),
  /** The player's section's weekly cashback, in percent. */
  percent: z.number().min(0),
  /** The cashback waiting to be claimed (coins GC, entries FC), or null. */
  prize: z.object({ coins: z.number().int().min(0), entries: z.number().min(0) }).nullable(),
  /** When the waiting cashback expires, or null. */
  expiresAtMs: z.number().int().nullable(),
});
export type RankLeagueCashbackPromotionData = z.infer<typeof ZRankLeagueCashbackPromotionData>;

declare module '../promotion' {
  interface PromotionDataCatalogue {
    rankLeagueCashback: RankLeagueCashbackPromotionData;
  }
}
