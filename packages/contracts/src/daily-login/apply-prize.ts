import { z } from 'zod';
import { ZDailyLoginInfo, ZDailyLoginPrize } from './info';

/**
 * GET /rest/daily-login/apply-prize/ (spec §7): claims today's prize. `prizes` is what was paid
 * (`prizes.freeSpinCount` > 0: the web refetches home and promotions); `info` is the state after the
 * claim (claimed, and when the next claim opens), so the modal needs no second call.
 */
export const ZDailyLoginApplyPrizeResponse = z.object({
  success: z.literal(true),
  prizes: ZDailyLoginPrize,
  level: z.number().int().min(1),
  day: z.string(),
  info: ZDailyLoginInfo,
});
export type DailyLoginApplyPrizeResponse = z.infer<typeof ZDailyLoginApplyPrizeResponse>;
