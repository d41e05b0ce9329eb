import { z } from 'zod';
import { ZPrize } from '../rewards/prize';

/**
 * The operator calls of daily login, under `/api/operator/daily-login/` (docs/features/daily-login.md):
 * the ladder (levels, grace days, wrap or hold, active, finish time), the operator day's time zone,
 * outage days and the claims. Every change is audited.
 */

const DAY = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a day is YYYY-MM-DD');

/** A level's prize: coins or free spins (a ladder pays fixed prizes: no multiplier, lootbox or nothing). */
export const ZLadderPrizeInput = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('gold_coins'), amount: z.number().int().min(1) }),
  z.strictObject({ kind: z.literal('fortune_coins'), amountCents: z.number().int().min(1) }),
  z.strictObject({ kind: z.literal('coins'), amount: z.number().int().min(0), amountCents: z.number().int().min(0) }),
  z.strictObject({ kind: z.literal('free_spins'), gameId: z.number().int().min(1), count: z.number().int().min(1).max(1000), betLevel: z.number().int().min(1), lifetimeMs: z.number().int().min(60_000), currency: z.enum(['GC', 'FC']).default('GC') }),
]);

/** PUT /api/operator/daily-login/ladder/: saves the next version of the ladder (claims after it use it). */
export const ZSaveLadderRequest = z.strictObject({
  levels: z.array(ZLadderPrizeInput).min(1).max(31),
  graceDays: z.number().int().min(0).max(7),
  afterLast: z.enum(['wrap', 'hold']),
  active: z.boolean(),
  /** When the feature ends (ISO 8601 with a zone), or null. */
  finishedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type SaveLadderRequest = z.infer<typeof ZSaveLadderRequest>;

export const ZLadderView = z.object({
  version: z.number().int(),
  levels: z.array(ZPrize),
  graceDays: z.number().int(),
  afterLast: z.enum(['wrap', 'hold']),
  active: z.boolean(),
  finishedAt: z.string().nullable(),
  timeZone: z.string(),
});
export const ZLadderResponse = z.object({ success: z.literal(true), data: ZLadderView.nullable() });

/** PUT /api/operator/daily-login/time-zone/: the operator day's IANA time zone (shared with the rewards engine). */
export const ZSetTimeZoneRequest = z.strictObject({ timeZone: z.string().min(1).max(64) });
export const ZTimeZoneResponse = z.object({ success: z.literal(true), data: z.object({ timeZone: z.string() }) });

/** POST /api/operator/daily-login/outage-days/: a day the platform could not serve claims (never counted as missed). */
export const ZMarkOutageDayRequest = z.strictObject({ day: DAY, reason: z.string().trim().min(3).max(500) });
export const ZOutageDaysResponse = z.object({ success: z.literal(true), data: z.object({ days: z.array(z.object({ day: z.string(), reason: z.string() })) }) });

/** GET /api/operator/daily-login/claims/: claims, newest first, of a player and/or a day. */
export const ZClaimsQuery = z.strictObject({
  playerId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  day: DAY.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const ZClaimsResponse = z.object({
  success: z.literal(true),
  data: z.object({
    claims: z.array(z.object({ id: z.number().int(), playerId: z.number().int(), day: z.string(), level: z.number().int(), ladderVersion: z.number().int(), prize: ZPrize, automatic: z.boolean(), createdAt: z.string() })),
  }),
});
