import { z } from 'zod';
import { ZPrize } from '../rewards/prize';

/** Spec §9: a season has 12 levels; level 12 is the last. */
export const SEASON_LEVELS = 12;

/** A season's name in addresses: lower-case words joined by dashes. */
export const ZSeasonSlug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a slug is lower-case words joined by dashes').max(64);

/** The published rates: how play and purchases turn into season points. */
export const ZSeasonRates = z.object({
  /** Gold Coins wagered for one point (whole GC). */
  gcWageredPerPoint: z.number().int().min(1),
  /** Fortune Coins wagered for one point (hundredths of a coin). */
  fcCentsWageredPerPoint: z.number().int().min(1),
  /** Points per US dollar of purchases (0: purchases give no points). */
  pointsPerDollar: z.number().int().min(0),
});
export type SeasonRates = z.infer<typeof ZSeasonRates>;

/** One level of the tower: the points it needs (counted from the season's start) and its prizes. */
export const ZSeasonLevelView = z.object({
  level: z.number().int().min(1).max(SEASON_LEVELS),
  points: z.number().int().min(1),
  freePrize: ZPrize,
  /** Null when the season has no premium track. */
  premiumPrize: ZPrize.nullable(),
  /** The player reached it (false for guests). */
  isCompleted: z.boolean(),
  /** Which of its prizes were paid to the player. */
  freePaid: z.boolean(),
  premiumPaid: z.boolean(),
});

/** Where the player stands (null for guests). */
export const ZSeasonPlayerView = z.object({
  points: z.number().int().min(0),
  /** Levels reached, 0–12. */
  currentLevel: z.number().int().min(0).max(SEASON_LEVELS),
  totalProgressPercents: z.number().min(0).max(100),
  /** Points still needed for the next level (0 at level 12). */
  pointsToNextLevel: z.number().int().min(0),
  /** The premium track is unlocked for the player. */
  isPremium: z.boolean(),
  /** What the points are made of. */
  wageredGc: z.number().int().min(0),
  wageredFcCents: z.number().int().min(0),
  purchasedCents: z.number().int().min(0),
});

export const SEASON_STATUSES = ['scheduled', 'running', 'ended'] as const;

/** GET /rest/seasons/{slug}/ and GET /rest/seasons/ (the default season). */
export const ZSeasonView = z.object({
  slug: z.string(),
  title: z.string(),
  status: z.enum(SEASON_STATUSES),
  /** Running now: between its start and end, started by its start job. */
  isActive: z.boolean(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  rates: ZSeasonRates,
  premium: z.object({
    enabled: z.boolean(),
    /** The cashier package whose purchase unlocks the premium track. */
    packageId: z.string().nullable(),
    /** Its price in US dollars. */
    price: z.number().nullable(),
  }),
  levels: z.array(ZSeasonLevelView).length(SEASON_LEVELS),
  player: ZSeasonPlayerView.nullable(),
  serverTime: z.iso.datetime(),
});
export type SeasonView = z.infer<typeof ZSeasonView>;

export const ZSeasonResponse = z.object({ success: z.literal(true), data: ZSeasonView });
export type SeasonResponse = z.infer<typeof ZSeasonResponse>;

export const ZSeasonParams = z.strictObject({ slug: ZSeasonSlug });
