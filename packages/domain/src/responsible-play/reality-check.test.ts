import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REALITY_CHECK_MINUTES,
  isOfferedInterval,
  isReminderDue,
  netOf,
  nextReminderAtMs,
  PLAY_SESSION_INACTIVITY_MS,
  playSessionStart,
  REALITY_CHECK_INTERVALS_MINUTES,
  REALITY_CHECK_THRESHOLD_MINUTES,
  type ActivitySpan,
} from './reality-check';

const MIN = 60_000;
const now = 1_800_000_000_000;
const at = (minutesAgo: number): ActivitySpan => ({ fromMs: now - minutesAgo * MIN, toMs: now - minutesAgo * MIN });
const span = (fromMinutesAgo: number, toMinutesAgo: number): ActivitySpan => ({ fromMs: now - fromMinutesAgo * MIN, toMs: now - toMinutesAgo * MIN });

describe('reality check: intervals', () => {
  it('offers off and 15 to 120 minutes; 120 (spec §9 threshold) is the longest and the default', () => {
    expect(REALITY_CHECK_INTERVALS_MINUTES).toEqual([0, 15, 30, 45, 60, 90, 120]);
    expect(REALITY_CHECK_THRESHOLD_MINUTES).toBe(120);
    expect(Math.max(...REALITY_CHECK_INTERVALS_MINUTES)).toBe(REALITY_CHECK_THRESHOLD_MINUTES);
    expect(DEFAULT_REALITY_CHECK_MINUTES).toBe(120);
    expect(PLAY_SESSION_INACTIVITY_MS).toBe(1_800_000);
  });

  it('accepts only the listed whole numbers', () => {
    for (const minutes of REALITY_CHECK_INTERVALS_MINUTES) expect(isOfferedInterval(minutes)).toBe(true);
    for (const bad of [-15, 1, 14, 15.5, 20, 121, 180, 1e9, Number.NaN, Number.POSITIVE_INFINITY, '15', null, undefined, [15], { minutes: 15 }]) {
      expect(isOfferedInterval(bad), String(bad)).toBe(false);
    }
  });
});

describe('reality check: the play session', () => {
  it('is none without activity, or when the last activity is 30 minutes old or more', () => {
    expect(playSessionStart([], now)).toBeNull();
    expect(playSessionStart([at(30)], now)).toBeNull();
    expect(playSessionStart([at(29)], now)).toBe(now - 29 * MIN);
    expect(playSessionStart([{ fromMs: now - 30 * MIN, toMs: now - 30 * MIN + 1 }], now)).toBe(now - 30 * MIN);
  });

  it('starts at the first activity after the last gap of 30 minutes or more', () => {
    // A sign-in 2 h ago, play until 80 min ago, a 40-minute pause, play again from 40 min ago.
    const spans = [at(120), span(119, 100), span(99, 80), span(40, 39), span(20, 1)];
    expect(playSessionStart(spans, now)).toBe(now - 40 * MIN);
    // A pause of 29 minutes does not end the session.
    expect(playSessionStart([at(120), span(119, 80), span(51, 1)], now)).toBe(now - 120 * MIN);
    // Exactly 30 minutes does.
    expect(playSessionStart([at(120), span(119, 80), span(50, 1)], now)).toBe(now - 50 * MIN);
  });

  it('does not depend on the order of the spans, merges overlapping ones and ignores future ones', () => {
    const spans = [span(20, 1), at(45), span(60, 50), span(10, 5)];
    expect(playSessionStart(spans, now)).toBe(now - 60 * MIN);
    expect(playSessionStart([...spans].reverse(), now)).toBe(now - 60 * MIN);
    expect(playSessionStart([span(100, 10), span(90, 85)], now)).toBe(now - 100 * MIN);
    expect(playSessionStart([{ fromMs: now + MIN, toMs: now + MIN }], now)).toBeNull();
    // A span that runs past now counts up to now.
    expect(playSessionStart([{ fromMs: now - 40 * MIN, toMs: now + 5 * MIN }], now)).toBe(now - 40 * MIN);
  });

  it('takes the start a reality-check record saw when the session reaches back to it', () => {
    const known = { atMs: now - 20 * MIN, sessionStartedAtMs: now - 200 * MIN };
    expect(playSessionStart([at(20), span(15, 1)], now, known)).toBe(now - 200 * MIN);
    // A gap after the record: a new session.
    expect(playSessionStart([at(50), at(20), at(0)], now, { atMs: now - 50 * MIN, sessionStartedAtMs: now - 90 * MIN })).toBe(now - 20 * MIN);
    expect(playSessionStart([at(60), span(25, 1)], now, { atMs: now - 60 * MIN, sessionStartedAtMs: now - 90 * MIN })).toBe(now - 25 * MIN);
    // A record in the future (a clock set back) is not trusted.
    expect(playSessionStart([span(10, 1)], now, { atMs: now + MIN, sessionStartedAtMs: now - 500 * MIN })).toBe(now - 10 * MIN);
  });
});

describe('reality check: when the next reminder is due', () => {
  const base = { nowMs: now, intervalMinutes: 15, sessionStartedAtMs: now - 10 * MIN, lastRecordAtMs: null };

  it('is one interval after the session start', () => {
    expect(nextReminderAtMs(base)).toBe(now + 5 * MIN);
    expect(isReminderDue(base)).toBe(false);
    expect(isReminderDue({ ...base, nowMs: now + 5 * MIN - 1 })).toBe(false);
    expect(isReminderDue({ ...base, nowMs: now + 5 * MIN })).toBe(true);
    expect(nextReminderAtMs({ ...base, intervalMinutes: 120 })).toBe(now + 110 * MIN);
  });

  it('counts from the last answer or interval change within the session', () => {
    expect(nextReminderAtMs({ ...base, lastRecordAtMs: now - 2 * MIN })).toBe(now + 13 * MIN);
    // A record from before this session does not count.
    expect(nextReminderAtMs({ ...base, lastRecordAtMs: now - 11 * MIN })).toBe(now + 5 * MIN);
    // An unanswered reminder stays due.
    expect(isReminderDue({ ...base, sessionStartedAtMs: now - 100 * MIN, lastRecordAtMs: now - 70 * MIN })).toBe(true);
  });

  it('is off at 0, and without a session is the earliest a session starting now could reach', () => {
    expect(nextReminderAtMs({ ...base, intervalMinutes: 0 })).toBeNull();
    expect(isReminderDue({ ...base, intervalMinutes: 0, sessionStartedAtMs: now - 1000 * MIN })).toBe(false);
    expect(nextReminderAtMs({ ...base, sessionStartedAtMs: null })).toBe(now + 15 * MIN);
    expect(isReminderDue({ ...base, sessionStartedAtMs: null, lastRecordAtMs: now - 1000 * MIN })).toBe(false);
  });

  it('nets won minus staked', () => {
    expect(netOf({ staked: 500, won: 120 })).toBe(-380);
    expect(netOf({ staked: 0, won: 0 })).toBe(0);
  });
});
