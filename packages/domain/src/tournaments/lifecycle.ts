/**
 * A tournament run's phases: announced → open (players may join) → running → finished → paid, or
 * voided by an operator. Each step is a durable job at its time; `statusAt` is what a run's times
 * say its status is, which the jobs write and the tests check against.
 */
export type RunStatus = 'announced' | 'open' | 'running' | 'finished' | 'paid' | 'voided';

export interface RunTimes {
  announceAtMs: number;
  openAtMs: number;
  startMs: number;
  endMs: number;
}

/** How long after its end a run is paid: rounds played before the end are scored first. */
export const PAY_DELAY_MS = 30_000;

/** The times of a run starting at `startMs`. */
export function runTimes(startMs: number, schedule: { durationMs: number; openLeadMs: number; announceLeadMs: number }): RunTimes {
  return { announceAtMs: startMs - schedule.announceLeadMs, openAtMs: startMs - schedule.openLeadMs, startMs, endMs: startMs + schedule.durationMs };
}

/** The status a run's times give at `nowMs` before payout (paid and voided are written by their jobs and operators). */
export function statusAt(times: RunTimes, nowMs: number): Exclude<RunStatus, 'paid' | 'voided'> {
  if (nowMs >= times.endMs) return 'finished';
  if (nowMs >= times.startMs) return 'running';
  if (nowMs >= times.openAtMs) return 'open';
  return 'announced';
}

/** Players may join while a run is open or running. */
export function canJoin(status: RunStatus): boolean {
  return status === 'open' || status === 'running';
}

/** The places a run pays: the first `prizeCount` ranked players with points. */
export function paidPlaces<T extends { points: number }>(ranked: readonly T[], prizeCount: number): T[] {
  return ranked.filter((s) => s.points > 0).slice(0, prizeCount);
}
