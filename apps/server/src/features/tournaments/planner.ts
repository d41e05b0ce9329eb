import type { Database } from '@sweepstack/db/schema';
import { insertRun, listSchedules, setSchedulePlannedUntil, type ScheduleRow, type TeamName } from '@sweepstack/db/tournaments/repository';
import { PAY_DELAY_MS, runTimes } from '@sweepstack/domain/tournaments/lifecycle';
import type { Transaction } from 'kysely';
import { occurrencesBetween } from '../../jobs/cron';
import type { ScheduleJob } from '../../jobs/registry';

/** How far ahead of its announcement a recurring run is created. */
export const PLAN_AHEAD_MS = 86_400_000;

export const JOB_OPEN = 'tournaments.open';
export const JOB_START = 'tournaments.start';
export const JOB_FINISH = 'tournaments.finish';
export const JOB_PAY = 'tournaments.pay';
export const JOB_POSITIONS = 'tournaments.positions';

/** The lifecycle jobs of a run: open, start, finish and pay at their times (finish and pay keyed by the end, which an extension moves). */
export async function scheduleRunJobs(scheduleJob: ScheduleJob, run: { id: number; openAtMs: number; startMs: number; endMs: number }): Promise<void> {
  await scheduleJob(JOB_OPEN, `run:${run.id}`, run.openAtMs, { runId: run.id });
  await scheduleJob(JOB_START, `run:${run.id}`, run.startMs, { runId: run.id });
  await scheduleEndJobs(scheduleJob, run);
}

export async function scheduleEndJobs(scheduleJob: ScheduleJob, run: { id: number; endMs: number }): Promise<void> {
  await scheduleJob(JOB_FINISH, endKey(run), run.endMs, { runId: run.id, endMs: run.endMs });
  await scheduleJob(JOB_PAY, endKey(run), run.endMs + PAY_DELAY_MS, { runId: run.id, endMs: run.endMs });
}

export const endKey = (run: { id: number; endMs: number }) => `run:${run.id}:${run.endMs}`;

/** A team schedule's teams, each with its Spanish name when the operator gave them (null: not a team schedule). */
export function teamNamesOf(schedule: Pick<ScheduleRow, 'teams_json' | 'teams_es_json'>): TeamName[] | null {
  if (schedule.teams_json === null) return null;
  const names = JSON.parse(schedule.teams_json) as string[];
  const spanish = schedule.teams_es_json === null ? null : (JSON.parse(schedule.teams_es_json) as string[]);
  return names.map((title, i) => ({ title, titleEs: spanish?.[i] ?? null }));
}

/**
 * Creates the runs of one schedule that are due to exist: a one-off's only run, or a recurring
 * schedule's occurrences whose announcement falls before now + a day. Runs are unique per schedule
 * and start, so planning twice (two nodes, a retried job) creates each once. Answers the new run ids.
 */
export async function planSchedule(trx: Transaction<Database>, schedule: ScheduleRow, nowMs: number, scheduleJob: ScheduleJob): Promise<number[]> {
  if (schedule.enabled !== 1) return [];
  const timing = { durationMs: Number(schedule.duration_ms), openLeadMs: Number(schedule.open_lead_ms), announceLeadMs: Number(schedule.announce_lead_ms) };
  let starts: number[];
  if (schedule.starts_at_ms !== null) starts = [Number(schedule.starts_at_ms)];
  else {
    const untilMs = nowMs + timing.announceLeadMs + PLAN_AHEAD_MS;
    // A run already under way still gets created (a schedule added mid-run, or a late planner).
    const fromMs = Math.max(schedule.planned_until_ms === null ? nowMs - timing.durationMs : Number(schedule.planned_until_ms), nowMs - timing.durationMs);
    starts = occurrencesBetween(schedule.cron!, schedule.time_zone, fromMs, untilMs, 500);
    await setSchedulePlannedUntil(trx, schedule.id, untilMs);
  }
  const created: number[] = [];
  for (const startMs of starts) {
    const times = runTimes(startMs, timing);
    if (times.endMs <= nowMs) continue;
    const runId = await insertRun(
      trx,
      {
        schedule_id: schedule.id,
        title: schedule.title,
        title_es: schedule.title_es,
        announce_at_ms: times.announceAtMs,
        open_at_ms: times.openAtMs,
        start_ms: times.startMs,
        end_ms: times.endMs,
        status: 'announced',
        bets_on: schedule.bets_on,
        games_json: schedule.games_json,
        rules_json: schedule.rules_json,
        prizes_json: schedule.prizes_json,
        team_based: schedule.teams_json === null ? 0 : 1,
      },
      teamNamesOf(schedule),
      nowMs,
    );
    if (runId === null) continue;
    created.push(runId);
    await scheduleRunJobs(scheduleJob, { id: runId, ...times });
  }
  return created;
}

/** Plans every enabled schedule (the recurring planner job). */
export async function planAll(trx: Transaction<Database>, nowMs: number, scheduleJob: ScheduleJob): Promise<number[]> {
  const created: number[] = [];
  for (const schedule of await listSchedules(trx)) created.push(...(await planSchedule(trx, schedule, nowMs, scheduleJob)));
  return created;
}
