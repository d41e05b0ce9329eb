/**
 * Reality check (docs/responsible-play.md, "Reality check"): a reminder every N minutes of play,
 * N chosen by the player. Pure rules: which intervals exist, what a play session is, and when the
 * next reminder falls due. Every time is an input.
 */

export const MINUTE_MS = 60_000;

/** Intervals offered, in minutes; 0 = off. */
export const REALITY_CHECK_INTERVALS_MINUTES = [0, 15, 30, 45, 60, 90, 120] as const;
export type RealityCheckInterval = (typeof REALITY_CHECK_INTERVALS_MINUTES)[number];

/**
 * Spec §9 "reality-check helper threshold 120 minutes": the longest interval offered, and the
 * interval of every player who has not chosen one (reminders are on unless the player turns them off).
 */
export const REALITY_CHECK_THRESHOLD_MINUTES = 120;
export const DEFAULT_REALITY_CHECK_MINUTES: RealityCheckInterval = REALITY_CHECK_THRESHOLD_MINUTES;

/** Spec §9 inactivity: 30 minutes without any activity ends a play session. */
export const PLAY_SESSION_INACTIVITY_MS = 30 * MINUTE_MS;

/**
 * How far back a play session is looked for: a session that has gone on for longer without a
 * reality-check answer or interval change counts from this far back.
 */
export const PLAY_SESSION_LOOKBACK_MS = 24 * 60 * MINUTE_MS;

/** Is `value` one of the intervals offered (a whole number of minutes from the list)? */
export function isOfferedInterval(value: unknown): value is RealityCheckInterval {
  return typeof value === 'number' && (REALITY_CHECK_INTERVALS_MINUTES as readonly number[]).includes(value);
}

/**
 * A burst of the player's activity: one instant (a sign-in, a reality-check answer, an interval
 * change) or the first and last game round of one minute.
 */
export interface ActivitySpan {
  fromMs: number;
  toMs: number;
}

/** What is known from the player's latest reality-check record: when it was made, and the start of the session it belonged to. */
export interface KnownSessionStart {
  atMs: number;
  sessionStartedAtMs: number;
}

/**
 * The start of the play session in progress at `nowMs`, or null when there is none. A play session is
 * a run of activity in which no two consecutive moments are 30 minutes or more apart; it is in
 * progress while its last activity is less than 30 minutes old. `known` is the latest reality-check
 * record (itself one of the spans): when the session reaches back to it, the session started where
 * that record says, so activity before it need not be looked at.
 */
export function playSessionStart(spans: readonly ActivitySpan[], nowMs: number, known: KnownSessionStart | null = null): number | null {
  const past = spans.filter((s) => s.fromMs <= nowMs).sort((a, b) => a.fromMs - b.fromMs);
  let start: number | null = null;
  let end = Number.NEGATIVE_INFINITY;
  for (const span of past) {
    const to = Math.min(span.toMs, nowMs);
    if (start === null || span.fromMs - end >= PLAY_SESSION_INACTIVITY_MS) start = span.fromMs;
    end = Math.max(end, to);
  }
  if (start === null || nowMs - end >= PLAY_SESSION_INACTIVITY_MS) return null;
  if (known && known.atMs >= start && known.atMs <= nowMs) return Math.min(start, known.sessionStartedAtMs);
  return start;
}

export interface ReminderInput {
  nowMs: number;
  intervalMinutes: number;
  /** The play session in progress, or null. */
  sessionStartedAtMs: number | null;
  /** The player's latest reality-check answer or interval change, or null. */
  lastRecordAtMs: number | null;
}

/**
 * When the next reminder falls due: one interval after the latest of the session's start, the
 * player's last answer and the last interval change within the session. With no session in
 * progress, the earliest moment one could fall due (a session starting now). Null when reminders
 * are off.
 */
export function nextReminderAtMs(input: ReminderInput): number | null {
  if (input.intervalMinutes <= 0) return null;
  const interval = input.intervalMinutes * MINUTE_MS;
  if (input.sessionStartedAtMs === null) return input.nowMs + interval;
  const anchor = input.lastRecordAtMs !== null && input.lastRecordAtMs >= input.sessionStartedAtMs ? input.lastRecordAtMs : input.sessionStartedAtMs;
  return anchor + interval;
}

/** Is a reminder due now: reminders on, a session in progress and its due time reached? */
export function isReminderDue(input: ReminderInput): boolean {
  const next = nextReminderAtMs(input);
  return next !== null && input.sessionStartedAtMs !== null && next <= input.nowMs;
}

export interface CurrencyTotals {
  currency: 'GC' | 'FC';
  rounds: number;
  /** In the currency's ledger units (GC whole coins, FC hundredths). */
  staked: number;
  won: number;
}

/** Net result of a session in one currency (won minus staked; negative is a loss). */
export function netOf(totals: Pick<CurrencyTotals, 'staked' | 'won'>): number {
  return totals.won - totals.staked;
}
