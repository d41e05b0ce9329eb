/**
 * Cooling-off periods and self-exclusions a player sets on their own account (docs/responsible-play.md).
 * Pure rules: which periods exist, when one ends, and whether a new one may replace the current one.
 * A break can be extended, never shortened or lifted early.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export const EXCLUSION_KINDS = ['cooling_off', 'self_exclusion'] as const;
export type ExclusionKind = (typeof EXCLUSION_KINDS)[number];

export const COOLING_OFF_PERIODS = ['24h', '7d', '30d'] as const;
export const SELF_EXCLUSION_PERIODS = ['6m', '1y', '5y', 'permanent'] as const;
export type CoolingOffPeriod = (typeof COOLING_OFF_PERIODS)[number];
export type SelfExclusionPeriod = (typeof SELF_EXCLUSION_PERIODS)[number];
export type ExclusionPeriod = CoolingOffPeriod | SelfExclusionPeriod;

/** Length of each period; null = permanent. Months and years are fixed day counts (no calendar drift). */
export const PERIOD_MS: Record<ExclusionPeriod, number | null> = {
  '24h': DAY_MS,
  '7d': 7 * DAY_MS,
  '30d': 30 * DAY_MS,
  '6m': 183 * DAY_MS,
  '1y': 365 * DAY_MS,
  '5y': 1826 * DAY_MS,
  permanent: null,
};

export interface Exclusion {
  kind: ExclusionKind;
  period: string;
  startedAtMs: number;
  /** null: permanent. */
  untilMs: number | null;
}

/** Still in force at `nowMs`. */
export function isInForce(exclusion: Pick<Exclusion, 'untilMs'>, nowMs: number): boolean {
  return exclusion.untilMs === null || exclusion.untilMs > nowMs;
}

/** When a break of `period` started at `nowMs` ends (null = never). */
export function endOf(period: ExclusionPeriod, nowMs: number): number | null {
  const length = PERIOD_MS[period];
  return length === null ? null : nowMs + length;
}

/** The one in force that ends last (permanent first), or null. */
export function currentExclusion<T extends Exclusion>(exclusions: readonly T[], nowMs: number): T | null {
  let best: T | null = null;
  for (const e of exclusions) {
    if (!isInForce(e, nowMs)) continue;
    if (best === null || e.untilMs === null || (best.untilMs !== null && e.untilMs > best.untilMs)) best = e;
    if (best.untilMs === null) return best;
  }
  return best;
}

export type StartRefusal = 'RESPONSIBLE_PLAY_SELF_EXCLUDED' | 'RESPONSIBLE_PLAY_CANNOT_SHORTEN';

/**
 * May a new break of `kind`/`period` start at `nowMs` while `current` is in force? A cooling-off never
 * replaces a self-exclusion; a new break must end strictly later than the current one (a permanent
 * self-exclusion cannot be followed by anything).
 */
export function mayStart(current: Exclusion | null, kind: ExclusionKind, period: ExclusionPeriod, nowMs: number): StartRefusal | null {
  if (current === null || !isInForce(current, nowMs)) return null;
  if (current.kind === 'self_exclusion' && kind === 'cooling_off') return 'RESPONSIBLE_PLAY_SELF_EXCLUDED';
  if (current.untilMs === null) return 'RESPONSIBLE_PLAY_CANNOT_SHORTEN';
  const until = endOf(period, nowMs);
  if (until !== null && until <= current.untilMs) return 'RESPONSIBLE_PLAY_CANNOT_SHORTEN';
  return null;
}

/** The account status a break sets. */
export function statusOf(kind: ExclusionKind): 'COOLING_OFF' | 'SELF_EXCLUDED' {
  return kind === 'cooling_off' ? 'COOLING_OFF' : 'SELF_EXCLUDED';
}
