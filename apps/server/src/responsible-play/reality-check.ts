import { AppError } from '@sweepstack/contracts/errors';
import type { RealityCheckState } from '@sweepstack/contracts/responsible-play/reality-check';
import type { RealityCheckChoice } from '@sweepstack/contracts/responsible-play/reality-check-acknowledge';
import { lockPlayer } from '@sweepstack/db/repositories/players';
import { findLatestRealityCheckRecord, insertRealityCheckRecord, readReminderMinutes, roundSpans, roundTotals, signInTimes } from '@sweepstack/db/responsible-play/repository';
import { updateProfile } from '@sweepstack/db/kyc/repository';
import type { Database } from '@sweepstack/db/schema';
import {
  type ActivitySpan,
  type CurrencyTotals,
  DEFAULT_REALITY_CHECK_MINUTES,
  isOfferedInterval,
  isReminderDue,
  type KnownSessionStart,
  MINUTE_MS,
  netOf,
  nextReminderAtMs,
  PLAY_SESSION_LOOKBACK_MS,
  playSessionStart,
  REALITY_CHECK_INTERVALS_MINUTES,
} from '@sweepstack/domain/responsible-play/reality-check';
import type { Clock } from '@sweepstack/domain/shared/clock';
import type { Kysely, Transaction } from 'kysely';
import { ensureProfile } from '../kyc/profile';

type Db = Kysely<Database> | Transaction<Database>;

/** Everything the reality check answers, in ledger units (the route converts Fortune Coins to coins). */
export interface RealityCheckReading {
  intervalMinutes: number;
  session: { startedAtMs: number; totals: CurrencyTotals[] } | null;
  nextDueAtMs: number | null;
  due: boolean;
  nowMs: number;
}

interface LatestRecord extends KnownSessionStart {
  intervalMinutes: number;
}

async function latestRecord(db: Db, playerId: number): Promise<LatestRecord | null> {
  const row = await findLatestRealityCheckRecord(db, playerId);
  return row ? { atMs: Number(row.at_ms), sessionStartedAtMs: Number(row.session_started_at_ms), intervalMinutes: row.interval_minutes } : null;
}

/**
 * The player's activity since `fromMs`: game rounds as one span per minute played (first and last
 * round of the minute, read from the player/time index), sign-ins still on record, and the latest
 * reality-check record.
 */
async function activitySince(db: Db, playerId: number, fromMs: number, nowMs: number, latest: LatestRecord | null): Promise<ActivitySpan[]> {
  const [rounds, signIns] = await Promise.all([roundSpans(db, playerId, fromMs, nowMs, MINUTE_MS), signInTimes(db, playerId, fromMs, nowMs)]);
  const spans: ActivitySpan[] = rounds;
  for (const atMs of signIns) spans.push({ fromMs: atMs, toMs: atMs });
  if (latest && latest.atMs >= fromMs) spans.push({ fromMs: latest.atMs, toMs: latest.atMs });
  return spans;
}

/** Rounds, staked and won per currency since `fromMs` (Gold Coins first). */
async function totalsSince(db: Db, playerId: number, fromMs: number, nowMs: number): Promise<CurrencyTotals[]> {
  return (await roundTotals(db, playerId, fromMs, nowMs)).sort((a, b) => (a.currency === b.currency ? 0 : a.currency === 'GC' ? -1 : 1));
}

/** The play session in progress at `nowMs` (docs/responsible-play.md): its start, or null. */
async function sessionStartAt(db: Db, playerId: number, nowMs: number, latest: LatestRecord | null): Promise<number | null> {
  // The latest record says where its session started: only activity since it needs reading.
  const known = latest && latest.atMs <= nowMs && latest.atMs > nowMs - PLAY_SESSION_LOOKBACK_MS ? latest : null;
  const fromMs = known ? known.atMs : nowMs - PLAY_SESSION_LOOKBACK_MS;
  return playSessionStart(await activitySince(db, playerId, fromMs, nowMs, latest), nowMs, known);
}

/** The player's reality check at `nowMs`: interval, play session with its totals, next reminder. */
export async function readRealityCheck(db: Db, playerId: number, nowMs: number): Promise<RealityCheckReading> {
  const [reminderMinutes, latest] = await Promise.all([readReminderMinutes(db, playerId), latestRecord(db, playerId)]);
  // No profile row yet: the default (the row is created with it on first use).
  const intervalMinutes = reminderMinutes ?? DEFAULT_REALITY_CHECK_MINUTES;
  const startedAtMs = await sessionStartAt(db, playerId, nowMs, latest);
  const input = { nowMs, intervalMinutes, sessionStartedAtMs: startedAtMs, lastRecordAtMs: latest?.atMs ?? null };
  return {
    intervalMinutes,
    session: startedAtMs === null ? null : { startedAtMs, totals: await totalsSince(db, playerId, startedAtMs, nowMs) },
    nextDueAtMs: nextReminderAtMs(input),
    due: isReminderDue(input),
    nowMs,
  };
}

/** The API's view: Fortune Coins in coins with 2 decimals, as the transaction history shows them. */
export function realityCheckView(reading: RealityCheckReading): RealityCheckState {
  const coins = (currency: 'GC' | 'FC', units: number) => (currency === 'FC' ? units / 100 : units);
  return {
    intervalMinutes: reading.intervalMinutes,
    options: [...REALITY_CHECK_INTERVALS_MINUTES],
    session:
      reading.session === null
        ? null
        : {
            startedAtMs: reading.session.startedAtMs,
            timePlayedMs: reading.nowMs - reading.session.startedAtMs,
            summary: reading.session.totals.map((t) => ({ currency: t.currency, rounds: t.rounds, staked: coins(t.currency, t.staked), won: coins(t.currency, t.won), net: coins(t.currency, netOf(t)) })),
          },
    nextDueAtMs: reading.nextDueAtMs,
    due: reading.due,
    serverNowMs: reading.nowMs,
  };
}

interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

/**
 * Sets the reminder interval (one of REALITY_CHECK_INTERVALS_MINUTES, else
 * RESPONSIBLE_PLAY_INTERVAL_NOT_OFFERED) and records the change; the next reminder then counts from
 * it. Choosing the interval already in force changes and records nothing.
 */
export async function setRealityCheckInterval(db: Kysely<Database>, clock: Clock, playerId: number, request: { intervalMinutes: number } & RequestOrigin): Promise<RealityCheckReading> {
  if (!isOfferedInterval(request.intervalMinutes)) {
    throw new AppError('RESPONSIBLE_PLAY_INTERVAL_NOT_OFFERED', { fields: { intervalMinutes: `One of ${REALITY_CHECK_INTERVALS_MINUTES.join(', ')} (minutes, 0 = off)` } });
  }
  const intervalMinutes = request.intervalMinutes;
  return db.transaction().execute(async (trx) => {
    await lockPlayer(trx, playerId);
    const now = clock.nowMs();
    const profile = await ensureProfile(trx, playerId, now);
    if (profile.activity_reminder_minutes === intervalMinutes) return readRealityCheck(trx, playerId, now);
    const latest = await latestRecord(trx, playerId);
    // The change is activity itself: with no session in progress, one starts now.
    const sessionStartedAtMs = (await sessionStartAt(trx, playerId, now, latest)) ?? now;
    await updateProfile(trx, playerId, { activity_reminder_minutes: intervalMinutes, updated_at_ms: now });
    await insertRealityCheckRecord(trx, {
        player_id: playerId,
        kind: 'interval',
        at_ms: now,
        interval_minutes: intervalMinutes,
        previous_interval_minutes: profile.activity_reminder_minutes,
        choice: null,
        session_started_at_ms: sessionStartedAtMs,
        due_at_ms: null,
        summary_json: null,
        ip: request.ip?.slice(0, 64) ?? null,
        user_agent: request.userAgent?.slice(0, 300) ?? null,
    });
    // Read back at the same moment: the answer's next due time is exactly one interval after the change.
    return readRealityCheck(trx, playerId, now);
  });
}

/**
 * Records the player's answer to a reminder with the session start, the reminder's due time and the
 * session summary at that moment (what the reminder shows); the next reminder counts from the answer.
 */
export async function answerRealityCheck(db: Kysely<Database>, clock: Clock, playerId: number, request: { choice: RealityCheckChoice } & RequestOrigin): Promise<RealityCheckReading> {
  return db.transaction().execute(async (trx) => {
    await lockPlayer(trx, playerId);
    const now = clock.nowMs();
    const reading = await readRealityCheck(trx, playerId, now);
    await insertRealityCheckRecord(trx, {
        player_id: playerId,
        kind: 'answer',
        at_ms: now,
        interval_minutes: reading.intervalMinutes,
        previous_interval_minutes: null,
        choice: request.choice,
        // The answer is activity itself: with no session in progress, one starts now.
        session_started_at_ms: reading.session?.startedAtMs ?? now,
        due_at_ms: reading.session ? reading.nextDueAtMs : null,
        summary_json: JSON.stringify(reading.session?.totals ?? []),
        ip: request.ip?.slice(0, 64) ?? null,
        user_agent: request.userAgent?.slice(0, 300) ?? null,
    });
    return readRealityCheck(trx, playerId, now);
  });
}
