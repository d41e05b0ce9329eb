import type { RealityCheckState } from '@sweepstack/contracts/responsible-play/reality-check';
import { describe, expect, it } from 'vitest';
import { durationText, hoursAndMinutes, reminderAction } from './reality-check-rules';

const MIN = 60_000;
const now = 1_800_000_000_000;
const base: RealityCheckState = {
  intervalMinutes: 15,
  options: [0, 15, 30, 45, 60, 90, 120],
  session: { startedAtMs: now - 5 * MIN, timePlayedMs: 5 * MIN, summary: [] },
  nextDueAtMs: now + 10 * MIN,
  due: false,
  serverNowMs: now,
};

describe('reality check in the browser', () => {
  it('waits until the due time, counted on the server clock', () => {
    expect(reminderAction(base, null)).toEqual({ show: false, waitMs: 10 * MIN });
    // The browser clock plays no part: only the server's due time and its now.
    expect(reminderAction({ ...base, serverNowMs: now + 9 * MIN }, null)).toEqual({ show: false, waitMs: MIN });
  });

  it('shows the reminder when the server says it is due', () => {
    expect(reminderAction({ ...base, due: true, nextDueAtMs: now - MIN }, null)).toEqual({ show: true, waitMs: null });
  });

  it('shows it when the timer ran out for the due time the server still names', () => {
    expect(reminderAction(base, now + 10 * MIN)).toEqual({ show: true, waitMs: null });
  });

  it('does not when it was answered elsewhere, the interval changed or the session ended: it waits again', () => {
    // Answered in another tab: the due time moved on.
    expect(reminderAction({ ...base, nextDueAtMs: now + 25 * MIN }, now + 10 * MIN)).toEqual({ show: false, waitMs: 25 * MIN });
    // The interval was shortened elsewhere: a new, earlier due time that has not come yet.
    expect(reminderAction({ ...base, nextDueAtMs: now + 5 * MIN }, now + 10 * MIN)).toEqual({ show: false, waitMs: 5 * MIN });
    // The session ended: the earliest a new one could be due.
    expect(reminderAction({ ...base, session: null }, now + 10 * MIN)).toEqual({ show: false, waitMs: 10 * MIN });
  });

  it('does nothing when reminders are off', () => {
    expect(reminderAction({ ...base, intervalMinutes: 0, nextDueAtMs: null }, null)).toEqual({ show: false, waitMs: null });
    expect(reminderAction({ ...base, intervalMinutes: 0, nextDueAtMs: null, due: false }, now)).toEqual({ show: false, waitMs: null });
  });

  it('never asks again in a tight loop, nor past what a browser timer can wait', () => {
    expect(reminderAction({ ...base, nextDueAtMs: now - 5 * MIN, session: null }, null).waitMs).toBe(1000);
    expect(reminderAction({ ...base, nextDueAtMs: now + 60 * 24 * 60 * MIN }, null).waitMs).toBe(2_147_483_647);
  });

  it('writes durations as minutes, or hours and minutes', () => {
    expect(hoursAndMinutes(0)).toEqual({ hours: 0, minutes: 0 });
    expect(hoursAndMinutes(-5)).toEqual({ hours: 0, minutes: 0 });
    expect(hoursAndMinutes(125 * MIN + 59_999)).toEqual({ hours: 2, minutes: 5 });
    expect(durationText(59_999)).toEqual({ key: 'lessThanMinute', hours: 0, minutes: 0 });
    expect(durationText(15 * MIN)).toEqual({ key: 'minutes', hours: 0, minutes: 15 });
    expect(durationText(60 * MIN)).toEqual({ key: 'hoursMinutes', hours: 1, minutes: 0 });
  });
});
