import { z } from 'zod';
import { ZSectionTitles } from './info';

/** Coins as the API shows them: Gold Coins whole (`coins`), Fortune Coins a number with two decimals (`entries`). */
export const ZCoinsPrize = z.object({ coins: z.number().int().min(0), entries: z.number().min(0) });
export type CoinsPrize = z.infer<typeof ZCoinsPrize>;

/**
 * GET /rest/cashback/ (spec §3 Cashback): `status` `available` when a calculated reward can be claimed;
 * `availableAfterDateTime` / `availableAfterDay` when the running week ends and its cashback is
 * calculated; `currentReward` / `nextReward` the weekly rate (percent of the counted loss) of the
 * player's section and of the next; `sections` every section's rate. `prize` and `expiresAt` describe
 * the reward waiting to be claimed (ours, beside the spec's fields).
 */
export const ZCashback = z.object({
  status: z.enum(['available', 'unavailable']),
  availableAfterDateTime: z.string(),
  availableAfterDay: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  currentReward: z.number().min(0),
  nextReward: z.number().min(0).nullable(),
  /** `title` in the answer's language (`?locale=`), `titles` in both. */
  sections: z.array(z.object({ weeklyReward: z.number().min(0), title: z.string(), titles: ZSectionTitles })),
  prize: ZCoinsPrize.nullable(),
  expiresAt: z.string().nullable(),
  periodKey: z.string().nullable(),
});
export type Cashback = z.infer<typeof ZCashback>;

export const ZCashbackResponse = z.object({ success: z.literal(true), data: ZCashback });

/** POST /rest/cashback/pay/ (spec §7): claims the waiting cashback; `data.prize` is what was paid. */
export const ZCashbackPayResponse = z.object({ success: z.literal(true), data: z.object({ prize: ZCoinsPrize, periodKey: z.string() }) });
export type CashbackPayResponse = z.infer<typeof ZCashbackPayResponse>;
