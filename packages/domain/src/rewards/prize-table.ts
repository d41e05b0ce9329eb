import { DomainError } from '../shared/domain-error';
import { parsePrize, type Prize } from './prize';

/** One segment of a wheel (or one entry of a box): its weight and what it pays. */
export interface PrizeSegment {
  /** Weight in the table; the segment's chance is weight ÷ the sum of all weights. */
  weight: number;
  prize: Prize;
  /** Operator label shown on the segment (optional; the web renders the prize otherwise). */
  label?: string;
}

/**
 * A prize table as operators edit it (docs/rewards.md). Tables are versioned: an edit is a new
 * version, and a draw records the version it used, so a change never touches past draws.
 */
export interface PrizeTable {
  /** Stable name within the site: `wheel-of-treasure-daily`. */
  slug: string;
  /** The feature that draws from it (its budget is charged). */
  feature: string;
  segments: PrizeSegment[];
  /**
   * Index of the segment paid instead when the drawn prize would exceed the feature's daily budget
   * (usually the smallest prize; when even it does not fit, the draw pays nothing).
   */
  fallbackSegment: number;
}

/** A table can have from 1 to 64 segments; the weights sum to at most 1,000,000,000. */
export const MAX_SEGMENTS = 64;
export const MAX_TOTAL_WEIGHT = 1_000_000_000;

const SLUG = /^[a-z0-9][a-z0-9-]{0,63}$/;

function invalid(message: string): never {
  throw new DomainError('REWARDS_INVALID_TABLE', message);
}

/** Validates an operator-supplied table (REWARDS_INVALID_TABLE) and answers it normalised. */
export function parsePrizeTable(raw: unknown): PrizeTable {
  if (typeof raw !== 'object' || raw === null) invalid('a prize table must be an object');
  const value = raw as Record<string, unknown>;
  if (typeof value.slug !== 'string' || !SLUG.test(value.slug)) invalid('slug: lowercase letters, digits and dashes, 1–64');
  if (typeof value.feature !== 'string' || !SLUG.test(value.feature)) invalid('feature: lowercase letters, digits and dashes, 1–64');
  if (!Array.isArray(value.segments) || value.segments.length === 0 || value.segments.length > MAX_SEGMENTS) invalid(`segments: 1 to ${MAX_SEGMENTS}`);
  const segments = value.segments.map((rawSegment: unknown, index): PrizeSegment => {
    if (typeof rawSegment !== 'object' || rawSegment === null) invalid(`segment ${index} must be an object`);
    const segment = rawSegment as Record<string, unknown>;
    const weight = segment.weight;
    if (typeof weight !== 'number' || !Number.isSafeInteger(weight) || weight < 1) invalid(`segment ${index}: weight must be a whole number of at least 1`);
    if (segment.label !== undefined && (typeof segment.label !== 'string' || segment.label.length > 40)) invalid(`segment ${index}: label up to 40 characters`);
    const prize = parsePrize(segment.prize);
    return segment.label === undefined ? { weight, prize } : { weight, prize, label: segment.label };
  });
  const total = segments.reduce((sum, s) => sum + s.weight, 0);
  if (total > MAX_TOTAL_WEIGHT) invalid(`the weights sum to more than ${MAX_TOTAL_WEIGHT}`);
  const fallback = value.fallbackSegment;
  if (typeof fallback !== 'number' || !Number.isInteger(fallback) || fallback < 0 || fallback >= segments.length) invalid('fallbackSegment must name a segment');
  // A lootbox fallback would need another draw once the budget is spent: not allowed.
  if (segments[fallback]!.prize.kind === 'lootbox') invalid('the fallback segment cannot be a lootbox');
  return { slug: value.slug, feature: value.feature, segments, fallbackSegment: fallback };
}

/** Sum of the weights. */
export function totalWeight(table: Pick<PrizeTable, 'segments'>): number {
  return table.segments.reduce((sum, s) => sum + s.weight, 0);
}

/**
 * Each segment's chance as published (docs/rewards.md): exact as weight/total, and as a percentage
 * rounded to 4 decimals for display. The published figures are computed from the very table the
 * draw uses, never typed in by hand.
 */
export function segmentOdds(table: Pick<PrizeTable, 'segments'>): { weight: number; totalWeight: number; percent: number }[] {
  const total = totalWeight(table);
  return table.segments.map((s) => ({ weight: s.weight, totalWeight: total, percent: Math.round((s.weight / total) * 1_000_000) / 10_000 }));
}

/** A uniform integer source in [0, n): the games' provably fair HMAC source in play, a seeded PRNG in tests. */
export interface UniformSource {
  int(maxExclusive: number): number;
}

/**
 * The segment a draw lands on: one uniform integer u in [0, total weight) (rejection-sampled by the
 * source, so no modulo bias), and the segment whose cumulative weight range holds u. Anyone holding
 * the seeds recomputes u and so the segment.
 */
export function drawSegmentIndex(table: Pick<PrizeTable, 'segments'>, source: UniformSource): { index: number; ticket: number } {
  const total = totalWeight(table);
  const ticket = source.int(total);
  let upTo = 0;
  for (let index = 0; index < table.segments.length; index += 1) {
    upTo += table.segments[index]!.weight;
    if (ticket < upTo) return { index, ticket };
  }
  throw new Error(`draw ticket ${ticket} beyond total weight ${total}`);
}
