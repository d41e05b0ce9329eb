/**
 * Responsible-play purchase limits (docs/cashier.md): a daily, weekly and monthly cap in USD cents,
 * each over a rolling window. Lowering a limit (or setting one where there was none) takes effect at
 * once; raising it (or removing it) waits 24 hours, as a pending change.
 */
export const LIMIT_PERIODS = ['daily', 'weekly', 'monthly'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

const DAY_MS = 86_400_000;
export const LIMIT_WINDOW_MS: Record<LimitPeriod, number> = { daily: DAY_MS, weekly: 7 * DAY_MS, monthly: 30 * DAY_MS };
/** A raise waits this long. */
export const LIMIT_RAISE_DELAY_MS = DAY_MS;
/** The largest limit a player may set: USD 1,000,000. */
export const LIMIT_MAX_CENTS = 100_000_000;

export interface LimitState {
  /** Cents; null = no limit. */
  limitCents: number | null;
  pending: { limitCents: number | null; effectiveAtMs: number } | null;
}

export const NO_LIMIT: LimitState = { limitCents: null, pending: null };

/** The state as of `nowMs`: a pending change whose time has come is applied. */
export function settleLimit(state: LimitState, nowMs: number): LimitState {
  if (state.pending && state.pending.effectiveAtMs <= nowMs) return { limitCents: state.pending.limitCents, pending: null };
  return state;
}

/** Whether `next` is stricter than (or as strict as) `current`: null means no limit, the loosest. */
function isLoweringOrSame(current: number | null, next: number | null): boolean {
  if (next === null) return current === null;
  return current === null || next <= current;
}

/**
 * Applies a player's request to change one limit. Lowering (or equal) applies now and drops any
 * pending raise; raising or removing becomes pending for 24 hours (replacing an earlier pending one).
 */
export function requestLimitChange(state: LimitState, requested: number | null, nowMs: number): LimitState {
  const current = settleLimit(state, nowMs);
  if (isLoweringOrSame(current.limitCents, requested)) return { limitCents: requested, pending: null };
  return { limitCents: current.limitCents, pending: { limitCents: requested, effectiveAtMs: nowMs + LIMIT_RAISE_DELAY_MS } };
}

export interface LimitBreach {
  period: LimitPeriod;
  limitCents: number;
  usedCents: number;
}

/** The first period whose limit `amountCents` more would exceed, or null when the purchase fits. */
export function findLimitBreach(limits: Record<LimitPeriod, number | null>, usedCents: Record<LimitPeriod, number>, amountCents: number): LimitBreach | null {
  for (const period of LIMIT_PERIODS) {
    const limit = limits[period];
    if (limit !== null && usedCents[period] + amountCents > limit) return { period, limitCents: limit, usedCents: usedCents[period] };
  }
  return null;
}
