import type { Prize } from '../rewards/prize';
import { DomainError } from '../shared/domain-error';

/** Spec §9: a season has 12 levels; the 12th is the last. */
export const SEASON_LEVEL_COUNT = 12;

/** How play and purchases turn into points (published with the season). */
export interface SeasonRates {
  /** Gold Coins wagered for one point. */
  gcWageredPerPoint: number;
  /** Fortune Coin hundredths wagered for one point. */
  fcCentsWageredPerPoint: number;
  /** Points per US dollar of purchases. */
  pointsPerDollar: number;
}

/** What a player did in a season: totals, never a running sum of rounded points (no rounding drift). */
export interface SeasonTotals {
  wageredGc: number;
  wageredFcCents: number;
  purchasedCents: number;
}

export interface SeasonLevel {
  level: number;
  /** Points needed, counted from the season's start. */
  points: number;
  freePrize: Prize;
  premiumPrize: Prize | null;
}

export type SeasonTrack = 'free' | 'premium';

/**
 * A player's points from their totals: each source is converted on its whole total and rounded down,
 * so splitting play over many rounds or batches gives exactly the points of playing it at once.
 */
export function seasonPoints(totals: SeasonTotals, rates: SeasonRates): number {
  return (
    Math.floor(totals.wageredGc / rates.gcWageredPerPoint) +
    Math.floor(totals.wageredFcCents / rates.fcCentsWageredPerPoint) +
    Math.floor((totals.purchasedCents * rates.pointsPerDollar) / 100)
  );
}

/** Levels reached with `points` (0–12): every level whose threshold the points meet. */
export function levelOf(points: number, levels: readonly Pick<SeasonLevel, 'points'>[]): number {
  let reached = 0;
  for (const level of levels) if (points >= level.points) reached += 1;
  return reached;
}

/** Progress toward the last level, in percent with two decimals, at most 100. */
export function totalProgressPercents(points: number, levels: readonly Pick<SeasonLevel, 'points'>[]): number {
  const last = levels.at(-1)?.points ?? 0;
  if (last <= 0) return 0;
  return Math.min(100, Math.floor((points * 10_000) / last) / 100);
}

/** Points still needed for the next level (0 once the last is reached). */
export function pointsToNextLevel(points: number, levels: readonly Pick<SeasonLevel, 'points'>[]): number {
  const next = levels.find((level) => level.points > points);
  return next ? next.points - points : 0;
}

/**
 * Every prize a player is owed at `level`: the free prize of each level reached and, with the premium
 * track unlocked, its premium prize too. A late unlock therefore owes the premium prizes of the levels
 * already passed; the caller pays only those not paid yet.
 */
export function owedPrizes(levels: readonly SeasonLevel[], level: number, premium: boolean): { level: number; track: SeasonTrack; prize: Prize }[] {
  const owed: { level: number; track: SeasonTrack; prize: Prize }[] = [];
  for (const entry of levels) {
    if (entry.level > level) break;
    owed.push({ level: entry.level, track: 'free', prize: entry.freePrize });
    if (premium && entry.premiumPrize) owed.push({ level: entry.level, track: 'premium', prize: entry.premiumPrize });
  }
  return owed;
}

/**
 * Checks a season's levels (operator input): exactly 12, thresholds strictly rising, a premium prize on
 * every level when the season has a premium track and on none otherwise.
 */
export function checkSeasonLevels(levels: readonly Omit<SeasonLevel, 'level'>[], hasPremiumTrack: boolean): SeasonLevel[] {
  const fail = (field: string, message: string): never => {
    throw new DomainError('VALIDATION_FAILED', message, { [field]: message });
  };
  if (levels.length !== SEASON_LEVEL_COUNT) fail('levels', `A season has exactly ${SEASON_LEVEL_COUNT} levels`);
  let previous = 0;
  return levels.map((entry, index) => {
    if (!Number.isSafeInteger(entry.points) || entry.points <= previous) fail(`levels.${index}.points`, 'Each level needs more points than the one before');
    previous = entry.points;
    if (hasPremiumTrack && entry.premiumPrize === null) fail(`levels.${index}.premiumPrize`, 'A season with a premium track has a premium prize on every level');
    if (!hasPremiumTrack && entry.premiumPrize !== null) fail(`levels.${index}.premiumPrize`, 'A premium prize needs a premium package');
    return { level: index + 1, ...entry };
  });
}

/** A season's place in time: before its start, running, or over (by the clock, before its jobs ran too). */
export function isWithinSeason(season: { startsAtMs: number; endsAtMs: number }, atMs: number): boolean {
  return atMs >= season.startsAtMs && atMs < season.endsAtMs;
}
