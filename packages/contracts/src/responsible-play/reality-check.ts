import { z } from 'zod';

/**
 * Reality check calls (docs/responsible-play.md, "Reality check"). Amounts are in coins as the
 * transaction history shows them: Gold Coins whole, Fortune Coins with 2 decimals.
 */

/** One currency's totals over the play session. */
export const ZRealityCheckCurrencySummary = z.object({
  currency: z.enum(['GC', 'FC']),
  rounds: z.number().int(),
  staked: z.number(),
  won: z.number(),
  /** won − staked: negative is a loss. */
  net: z.number(),
});
export type RealityCheckCurrencySummary = z.infer<typeof ZRealityCheckCurrencySummary>;

export const ZRealityCheckSession = z.object({
  startedAtMs: z.number().int(),
  /** Server time now minus the start. */
  timePlayedMs: z.number().int(),
  /** Currencies played in this session (none when nothing was played yet). */
  summary: z.array(ZRealityCheckCurrencySummary),
});
export type RealityCheckSession = z.infer<typeof ZRealityCheckSession>;

/** GET /rest/player/responsible-play/reality-check/ (and the answer of the interval and acknowledge calls). */
export const ZRealityCheckState = z.object({
  /** Minutes between reminders; 0 = off. Also the profile's responsiblePlay.activityReminderValue. */
  intervalMinutes: z.number().int(),
  /** The intervals offered, in minutes (0 = off). */
  options: z.array(z.number().int()),
  /** The play session in progress, or null (none: no activity in the last 30 minutes). */
  session: ZRealityCheckSession.nullable(),
  /**
   * When the next reminder falls due (server time); with no session in progress, the earliest one
   * could (a session starting now). Null when reminders are off.
   */
  nextDueAtMs: z.number().int().nullable(),
  /** A reminder is due now (and not answered yet). */
  due: z.boolean(),
  /** The server's time of this answer: clients schedule relative to it. */
  serverNowMs: z.number().int(),
});
export type RealityCheckState = z.infer<typeof ZRealityCheckState>;

export const ZRealityCheckResponse = z.object({ success: z.literal(true), data: ZRealityCheckState });
export type RealityCheckResponse = z.infer<typeof ZRealityCheckResponse>;

export const ZRealityCheckRequest = z.strictObject({});
