import { z } from 'zod';

/**
 * One level's prize as daily login shows it (spec §3 Daily login `prizes`): Gold Coins (`coins`,
 * whole) and Fortune Coins (`entries`, a number with at most two decimals), or free spins on a game.
 * `endDate` and `freeSpinId` name the free-spin grant once the level was claimed (null before).
 */
export const ZDailyLoginPrize = z.object({
  /** The ladder level (1-based) this prize pays. */
  level: z.number().int().min(1),
  coins: z.number().int().min(0),
  entries: z.number().min(0),
  freeSpinCount: z.number().int().min(0),
  gameId: z.number().int().nullable(),
  /** Seconds a free-spin grant lasts once claimed. */
  freeSpinLifetime: z.number().int().min(0).nullable(),
  /** When the claimed grant expires (ISO 8601), or null. */
  endDate: z.string().nullable(),
  /** Where the free spins are played (`/?game=<id>`), or null. */
  link: z.string().nullable(),
  /** The claimed grant (spec §3 Free spins `spinsId`), or null. */
  freeSpinId: z.number().int().nullable(),
  freeSpinsBetLevel: z.number().int().min(1).nullable(),
});
export type DailyLoginPrize = z.infer<typeof ZDailyLoginPrize>;

/** What today's prize is: coins (Gold and/or Fortune Coins), free spins, or nothing (no ladder). */
export const ZDailyLoginPrizeType = z.enum(['coins', 'freeSpins', 'nothing']);

/**
 * Why no claim is open (null when one is): claimed today, a guest, the feature not active or
 * finished, the account's state (self-excluded, cooling off, or otherwise not active).
 */
export const ZDailyLoginReason = z.enum(['claimed', 'guest', 'notActive', 'finished', 'selfExcluded', 'coolingOff', 'accountNotActive']);
export type DailyLoginReason = z.infer<typeof ZDailyLoginReason>;

/**
 * GET /rest/daily-login/info/ (spec §3, §7). Guests, and a failed fetch on the web, get the default
 * state (`DAILY_LOGIN_DEFAULT_INFO`). The countdown fields: `nextClaimAt` is when the next claim opens
 * (the next operator day's midnight when today's was claimed), `serverTime` the server's clock, so the
 * web counts down against the server and not the device.
 */
export const ZDailyLoginInfo = z.object({
  /** When the feature ends (ISO 8601), or null. */
  finishedAt: z.string().nullable(),
  isActive: z.boolean(),
  /** True when the player can claim now. */
  isAvailable: z.boolean(),
  /** Number of ladder levels (spec §9 default 7). */
  levels: z.number().int().min(1),
  /** The level a claim now pays, or the level claimed today; 0 when none (a guest, or nothing claimed and no claim open). */
  activeLevel: z.number().int().min(0),
  /** The kind of the active level's prize. */
  type: ZDailyLoginPrizeType,
  reasonType: ZDailyLoginReason.nullable(),
  /** Every level's prize, level 1 first. */
  prizes: z.array(ZDailyLoginPrize),
  /** True when today's prize was claimed. */
  claimedToday: z.boolean(),
  /** True when the streak was broken and the next claim starts over at level 1. */
  restarted: z.boolean(),
  /** The operator day (`YYYY-MM-DD`) and its IANA time zone: days turn over at midnight there. */
  day: z.string().nullable(),
  timeZone: z.string(),
  /** When the next claim opens (ISO 8601): now when one is open; null when none will (finished, not allowed). */
  nextClaimAt: z.string().nullable(),
  /** The server's clock (ISO 8601) when it answered. */
  serverTime: z.string(),
});
export type DailyLoginInfo = z.infer<typeof ZDailyLoginInfo>;

export const ZDailyLoginInfoResponse = z.object({ success: z.literal(true), data: ZDailyLoginInfo });
export type DailyLoginInfoResponse = z.infer<typeof ZDailyLoginInfoResponse>;

/** The spec's default levels (§9). */
export const DAILY_LOGIN_DEFAULT_LEVELS = 7;

/** The default empty state (spec §8: a failed fetch falls back to it; guests are answered it). */
export function dailyLoginDefaultInfo(serverTimeIso: string, timeZone = 'America/New_York'): DailyLoginInfo {
  return {
    finishedAt: null,
    isActive: false,
    isAvailable: false,
    levels: DAILY_LOGIN_DEFAULT_LEVELS,
    activeLevel: 0,
    type: 'nothing',
    reasonType: null,
    prizes: [],
    claimedToday: false,
    restarted: false,
    day: null,
    timeZone,
    nextClaimAt: null,
    serverTime: serverTimeIso,
  };
}
