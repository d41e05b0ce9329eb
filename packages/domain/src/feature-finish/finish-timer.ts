/** Spec §4 and §9: a feature finishing within this long gets a timer that turns its flag off at that moment. */
export const FEATURE_FINISH_TIMER_THRESHOLD_MS = 86_400_000;

/**
 * What to do about a feature that finishes at `finishAtMs` (spec §4, feature finish timers):
 * `already-finished` (a console warning only), `timer` (it finishes within the threshold: set a timer
 * that turns its flag off at that moment) or `beyond-threshold` (no timer on the web; the server's
 * durable job is set all the same, see docs/jobs.md).
 */
export function finishTimerPlan(nowMs: number, finishAtMs: number): { kind: 'already-finished' } | { kind: 'timer'; inMs: number } | { kind: 'beyond-threshold'; inMs: number } {
  const inMs = finishAtMs - nowMs;
  if (inMs <= 0) return { kind: 'already-finished' };
  return inMs <= FEATURE_FINISH_TIMER_THRESHOLD_MS ? { kind: 'timer', inMs } : { kind: 'beyond-threshold', inMs };
}
