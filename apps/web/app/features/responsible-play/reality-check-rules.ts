import type { RealityCheckState } from '@sweepstack/contracts/responsible-play/reality-check';

/** Longest wait a browser timer takes (about 24.8 days); longer ones fire at once. */
const MAX_TIMER_MS = 2_147_483_647;
/** Never ask again sooner than this (a server answer that is already past, a clock that jumped). */
const MIN_WAIT_MS = 1000;

export interface ReminderAction {
  /** Open the reminder now. */
  show: boolean;
  /** Ask the server again after this long (relative to the answer, so the browser's clock does not matter); null: do not. */
  waitMs: number | null;
}

/**
 * What the browser does with a reality-check answer. `firedFor` is the due time of the timer that
 * just ran out (null for an answer not asked by a timer: page load, a change, an answer): the
 * reminder shows when the server says it is due, or when the timer ran out for a due time the server
 * still names (nobody answered it meanwhile, in this tab or another) within a session in progress.
 * While the reminder is on screen nothing more is scheduled: the player's answer schedules the next.
 */
export function reminderAction(state: RealityCheckState, firedFor: number | null): ReminderAction {
  if (state.nextDueAtMs === null) return { show: false, waitMs: null };
  const show = state.due || (firedFor !== null && state.session !== null && state.nextDueAtMs === firedFor);
  if (show) return { show: true, waitMs: null };
  return { show: false, waitMs: Math.min(MAX_TIMER_MS, Math.max(MIN_WAIT_MS, state.nextDueAtMs - state.serverNowMs)) };
}

/** A duration as whole hours and minutes (rounded down). */
export function hoursAndMinutes(ms: number): { hours: number; minutes: number } {
  const totalMinutes = Math.max(0, Math.floor(ms / 60_000));
  return { hours: Math.floor(totalMinutes / 60), minutes: totalMinutes % 60 };
}

/** The translation key and values of a duration: "less than a minute", "N min" or "H h M min". */
export function durationText(ms: number): { key: 'lessThanMinute' | 'minutes' | 'hoursMinutes'; hours: number; minutes: number } {
  const { hours, minutes } = hoursAndMinutes(ms);
  if (hours === 0 && minutes === 0) return { key: 'lessThanMinute', hours, minutes };
  return { key: hours === 0 ? 'minutes' : 'hoursMinutes', hours, minutes };
}
