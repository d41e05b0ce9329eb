import { AppError } from '@sweepstack/contracts/errors';
import { ZExtendInput, ZTournamentScheduleInput, ZVoidInput, type TournamentScheduleInput } from '@sweepstack/contracts/tournaments/operator';
import { cancelJobByKey, scheduleJob } from '@sweepstack/db/jobs/repository';
import { extendRun, findRun, findSchedule, findScheduleBySlug, insertSchedule, listSchedules, setRunStatus, updateSchedule, winnersOf, type ScheduleValues } from '@sweepstack/db/tournaments/repository';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cronError } from '../../jobs/cron';
import type { OperatorRouteTools } from '../../platform/define-feature';
import { pushStop } from './jobs';
import { endKey, JOB_FINISH, JOB_OPEN, JOB_PAY, JOB_START, planSchedule, scheduleEndJobs } from './planner';

const ZId = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Checks what zod cannot: the cron and zone read, the games exist, prizes in whole hundredths. */
async function scheduleValues(db: FastifyInstance['deps']['database']['db'], input: TournamentScheduleInput): Promise<ScheduleValues> {
  if (input.cron !== undefined) {
    const error = cronError(input.cron, input.timeZone);
    if (error) throw new AppError('TOURNAMENT_SCHEDULE_INVALID', { fields: { cron: error } });
  }
  const games = await db.selectFrom('games').select('id').where('id', 'in', input.gamesIds).execute();
  if (games.length !== new Set(input.gamesIds).size) throw new AppError('TOURNAMENT_SCHEDULE_INVALID', { fields: { gamesIds: 'Every game must exist' } });
  for (const [i, prize] of input.prizes.entries()) {
    if (!Number.isInteger(Math.round(prize.entries * 100)) || Math.abs(prize.entries * 100 - Math.round(prize.entries * 100)) > 1e-6) throw new AppError('TOURNAMENT_SCHEDULE_INVALID', { fields: { [`prizes.${i}.entries`]: 'Entries have at most two decimals' } });
  }
  return {
    slug: input.slug,
    title: input.title,
    title_es: input.titleEs ?? null,
    starts_at_ms: input.startsAt ?? null,
    cron: input.cron ?? null,
    time_zone: input.timeZone,
    duration_ms: input.durationMs,
    open_lead_ms: input.openLeadMs,
    announce_lead_ms: input.announceLeadMs,
    bets_on: input.betsOn,
    games_json: JSON.stringify([...new Set(input.gamesIds)]),
    rules_json: JSON.stringify(input.rules),
    prizes_json: JSON.stringify(input.prizes),
    teams_json: input.teams === null ? null : JSON.stringify(input.teams),
    teams_es_json: input.teams === null || !input.teamsEs ? null : JSON.stringify(input.teamsEs),
    enabled: input.enabled ? 1 : 0,
  };
}

/**
 * Operator calls under /api/operator/tournaments/: schedules (one-off or recurring, team ones with
 * their teams), a run with its winners and their payout status, and voiding or extending a run hit
 * by an outage (players are told by a `stop` push). Every change is audited.
 */
export function tournamentOperatorRoutes(fastify: FastifyInstance, { audit }: OperatorRouteTools): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;
  const db = deps.database.db;
  const read = { operatorRoles: ['support', 'compliance'] as const };
  const write = { operatorRoles: ['admin'] as const };
  const jobScheduler = (trx: Parameters<typeof scheduleJob>[0]) => (kind: string, key: string, runAtMs: number, payload?: unknown) => scheduleJob(trx, kind, key, runAtMs, payload, { clock: deps.clock });

  app.get('/schedules/', { config: read, schema: { tags: ['operator'], summary: 'Tournament schedules' } }, async () => ({ success: true as const, schedules: await listSchedules(db) }));

  app.post('/schedules/', { config: write, schema: { tags: ['operator'], summary: 'Create a tournament schedule (its runs are planned at once)', body: ZTournamentScheduleInput } }, async (request) => {
    const values = await scheduleValues(db, request.body);
    const nowMs = deps.clock.nowMs();
    return db.transaction().execute(async (trx) => {
      if (await findScheduleBySlug(trx, values.slug)) throw new AppError('TOURNAMENT_SCHEDULE_INVALID', { fields: { slug: 'This slug is taken' } });
      const id = await insertSchedule(trx, values, nowMs);
      const runs = await planSchedule(trx, (await findSchedule(trx, id))!, nowMs, jobScheduler(trx));
      await audit(trx, request, { action: 'schedule.create', targetType: 'tournament_schedule', targetId: id, after: request.body });
      return { success: true as const, id, runs };
    });
  });

  app.put('/schedules/:id/', { config: write, schema: { tags: ['operator'], summary: 'Change a schedule (runs not yet created follow it)', params: ZId, body: ZTournamentScheduleInput } }, async (request) => {
    const values = await scheduleValues(db, request.body);
    const nowMs = deps.clock.nowMs();
    return db.transaction().execute(async (trx) => {
      const before = await findSchedule(trx, request.params.id);
      if (!before) throw new AppError('TOURNAMENT_NOT_FOUND');
      const other = await findScheduleBySlug(trx, values.slug);
      if (other && other.id !== before.id) throw new AppError('TOURNAMENT_SCHEDULE_INVALID', { fields: { slug: 'This slug is taken' } });
      await updateSchedule(trx, before.id, values, nowMs);
      const runs = await planSchedule(trx, (await findSchedule(trx, before.id))!, nowMs, jobScheduler(trx));
      await audit(trx, request, { action: 'schedule.update', targetType: 'tournament_schedule', targetId: before.id, before, after: request.body });
      return { success: true as const, id: before.id, runs };
    });
  });

  app.get('/runs/:id/', { config: read, schema: { tags: ['operator'], summary: 'A run with its winners and their payout status', params: ZId } }, async (request) => {
    const run = await findRun(db, request.params.id);
    if (!run) throw new AppError('TOURNAMENT_NOT_FOUND');
    return { success: true as const, run, winners: await winnersOf(db, run.id) };
  });

  app.post('/runs/:id/void/', { config: write, schema: { tags: ['operator'], summary: 'Void a run hit by an outage: nothing is paid, players are told', params: ZId, body: ZVoidInput } }, async (request) => {
    const nowMs = deps.clock.nowMs();
    return db.transaction().execute(async (trx) => {
      const run = await findRun(trx, request.params.id);
      if (!run) throw new AppError('TOURNAMENT_NOT_FOUND');
      if (!(await setRunStatus(trx, run.id, ['announced', 'open', 'running', 'finished'], 'voided', nowMs, { operatorNote: request.body.reason }))) throw new AppError('TOURNAMENT_STATE_CONFLICT');
      const ref = { id: run.id, endMs: Number(run.end_ms) };
      for (const kind of [JOB_OPEN, JOB_START]) await cancelJobByKey(trx, kind, `run:${run.id}`, nowMs);
      for (const kind of [JOB_FINISH, JOB_PAY]) await cancelJobByKey(trx, kind, endKey(ref), nowMs);
      await trx.updateTable('tournament_winners').set({ status: 'voided' }).where('run_id', '=', run.id).where('status', '=', 'pending').execute();
      await pushStop(trx, { ...run, status: 'voided' }, 'voided', nowMs);
      await audit(trx, request, { action: 'run.void', targetType: 'tournament_run', targetId: run.id, before: { status: run.status }, after: { status: 'voided', reason: request.body.reason } });
      return { success: true as const, status: 'voided' as const };
    });
  });

  app.post('/runs/:id/extend/', { config: write, schema: { tags: ['operator'], summary: 'Extend a run hit by an outage to a later end; players are told', params: ZId, body: ZExtendInput } }, async (request) => {
    const nowMs = deps.clock.nowMs();
    return db.transaction().execute(async (trx) => {
      const run = await findRun(trx, request.params.id);
      if (!run) throw new AppError('TOURNAMENT_NOT_FOUND');
      const { end, reason } = request.body;
      if (end <= Math.max(nowMs, Number(run.end_ms))) throw new AppError('VALIDATION_FAILED', { fields: { end: 'The new end is later than now and than the current end' } });
      if (!(await extendRun(trx, run.id, end, reason, nowMs))) throw new AppError('TOURNAMENT_STATE_CONFLICT');
      for (const kind of [JOB_FINISH, JOB_PAY]) await cancelJobByKey(trx, kind, endKey({ id: run.id, endMs: Number(run.end_ms) }), nowMs);
      await scheduleEndJobs(jobScheduler(trx), { id: run.id, endMs: end });
      const after = (await findRun(trx, run.id))!;
      await pushStop(trx, after, 'extended', nowMs);
      await audit(trx, request, { action: 'run.extend', targetType: 'tournament_run', targetId: run.id, before: { end: Number(run.end_ms), status: run.status }, after: { end, status: after.status, reason } });
      return { success: true as const, end, status: after.status };
    });
  });
}
