import { CronExpressionParser, type CronExpression } from 'cron-parser';

/** A recurring schedule's missed-occurrence policy (see JobRecurrence in registry.ts). */
export type MissedPolicy = 'skip' | 'once' | 'all';

/** An occurrence first seen later than this after its time counts as missed (a node was down). */
export const ON_TIME_MS = 60_000;
/** At most this many occurrences are planned in one pass; the rest in the next. */
export const MAX_OCCURRENCES_PER_PASS = 1000;

/** Parses a cron expression (5 fields, or 6 with seconds) in an IANA time zone; throws a readable error. */
export function parseCron(cron: string, timeZone: string, fromMs = 0): CronExpression {
  if (cron.length === 0 || cron.length > 200) throw new Error('cron expression must be 1 to 200 characters');
  if (!isTimeZone(timeZone)) throw new Error(`unknown time zone: ${timeZone}`);
  const fields = cron.trim().split(/\s+/);
  if (!cron.trim().startsWith('@') && (fields.length < 5 || fields.length > 6)) throw new Error('cron expression needs 5 fields (or 6 with seconds)');
  return CronExpressionParser.parse(cron, { currentDate: new Date(fromMs), tz: timeZone, strict: false });
}

/** The error text of a cron expression, or null when it is valid (operator input). */
export function cronError(cron: string, timeZone: string): string | null {
  try {
    parseCron(cron, timeZone);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** Occurrences in (fromMs, toMs], ascending, at most `limit`. */
export function occurrencesBetween(cron: string, timeZone: string, fromMs: number, toMs: number, limit = MAX_OCCURRENCES_PER_PASS): number[] {
  const expression = parseCron(cron, timeZone, fromMs);
  const out: number[] = [];
  while (out.length < limit && expression.hasNext()) {
    const at = expression.next().getTime();
    if (at > toMs) break;
    if (at > fromMs) out.push(at);
  }
  return out;
}

export interface OccurrencePlan {
  /** Occurrences to insert as jobs (their time is the job's run time and key). */
  run: number[];
  /** Missed occurrences the policy dropped. */
  dropped: number;
  /** The schedule's new planned-until mark. */
  plannedUntilMs: number;
}

/**
 * Which occurrences of a schedule to run now, by its missed-occurrence policy. Occurrences in
 * (plannedUntil, now] are due; those more than ON_TIME_MS old were missed (no node was running):
 * `skip` drops them, `once` runs the latest one within `graceMs` (unless an on-time one runs), `all`
 * runs every one within `graceMs`. A schedule never planned starts ON_TIME_MS before now.
 */
export function planOccurrences(input: { cron: string; timeZone: string; missed: MissedPolicy; graceMs: number; plannedUntilMs: number | null; nowMs: number }): OccurrencePlan {
  const { nowMs } = input;
  const fromMs = input.plannedUntilMs ?? nowMs - ON_TIME_MS;
  if (fromMs >= nowMs) return { run: [], dropped: 0, plannedUntilMs: fromMs };
  const due = occurrencesBetween(input.cron, input.timeZone, fromMs, nowMs);
  // A long outage of a fast schedule: plan the first batch now and the rest next pass.
  const plannedUntilMs = due.length === MAX_OCCURRENCES_PER_PASS ? due[due.length - 1]! : nowMs;
  const onTime = due.filter((at) => at >= nowMs - ON_TIME_MS);
  const missed = due.filter((at) => at < nowMs - ON_TIME_MS);
  const inGrace = missed.filter((at) => at >= nowMs - input.graceMs);
  let run: number[];
  if (input.missed === 'skip') run = onTime;
  else if (input.missed === 'once') run = onTime.length > 0 || inGrace.length === 0 ? onTime : [inGrace[inGrace.length - 1]!];
  else run = [...inGrace, ...onTime];
  return { run, dropped: due.length - run.length, plannedUntilMs };
}

/** The job key of an occurrence: its time in ISO form, readable by operators. */
export function occurrenceKey(atMs: number): string {
  return `at:${new Date(atMs).toISOString()}`;
}
