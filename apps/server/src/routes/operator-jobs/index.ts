import { AppError } from '@sweepstack/contracts/errors';
import { cancelJob, countJobsByStatus, findJobById, findJobSchedule, type Job, listJobs, listJobSchedules, retryJob, updateJobSchedule } from '@sweepstack/db/jobs/repository';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cronError } from '../../jobs/cron';
import { audit, requireOperator } from '../../kyc/operators';

const ZId = z.strictObject({ id: z.coerce.number().int().positive().max(2 ** 53 - 1) });
const ZKind = z.string().regex(/^[a-z][a-z0-9]*(?:[.-][a-z0-9]+)*$/, 'A job kind').max(100);
const JOB_STATUSES = ['pending', 'running', 'done', 'dead', 'cancelled'] as const;

function jobView(job: Job) {
  return {
    id: job.id,
    kind: job.kind,
    key: job.key,
    status: job.status,
    payload: job.payload,
    runAtMs: job.runAtMs,
    attempts: job.attempts,
    claimedUntilMs: job.claimedUntilMs,
    lastError: job.lastError,
    createdAtMs: job.createdAtMs,
    updatedAtMs: job.updatedAtMs,
    finishedAtMs: job.finishedAtMs,
  };
}

/**
 * Durable jobs for operators (docs/jobs.md): list and count jobs, run a dead or cancelled one again,
 * cancel a waiting or running one, read and change recurring schedules. Changes are audited in the
 * transaction that makes them.
 */
const operatorJobRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;
  const { db } = deps.database;
  const { clock } = deps;

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/operator/jobs/',
    {
      schema: {
        tags: ['operator'],
        summary: 'Durable jobs, newest first (filter by status and kind; page with before)',
        querystring: z.strictObject({
          status: z.enum([...JOB_STATUSES, 'all']).default('all'),
          kind: ZKind.optional(),
          before: z.coerce.number().int().positive().optional(),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
      },
    },
    async (request) => {
      await requireOperator(request, 'jobs.read');
      const { status, kind, before, limit } = request.query;
      const jobs = await listJobs(db, { ...(status !== 'all' ? { status } : {}), ...(kind ? { kind } : {}), ...(before ? { beforeId: before } : {}), limit });
      return { success: true as const, data: { jobs: jobs.map(jobView), counts: await countJobsByStatus(db, kind) } };
    },
  );

  app.get('/api/operator/jobs/:id/', { schema: { tags: ['operator'], summary: 'One durable job', params: ZId } }, async (request) => {
    await requireOperator(request, 'jobs.read');
    const job = await findJobById(db, request.params.id);
    if (!job) throw new AppError('OPERATOR_JOB_NOT_FOUND');
    return { success: true as const, data: jobView(job) };
  });

  const actions = {
    retry: { summary: 'Run a dead, cancelled or waiting job again now, with fresh attempts', apply: retryJob },
    cancel: { summary: 'Cancel a waiting or running job (a run in progress is rolled back)', apply: cancelJob },
  } as const;
  for (const [action, { summary, apply }] of Object.entries(actions)) {
    app.post(`/api/operator/jobs/:id/${action}/`, { schema: { tags: ['operator'], summary, params: ZId, body: z.strictObject({}).nullish() } }, async (request) => {
      const operator = await requireOperator(request, 'jobs.manage');
      return db.transaction().execute(async (trx) => {
        const before = await findJobById(trx, request.params.id);
        if (!before) throw new AppError('OPERATOR_JOB_NOT_FOUND');
        const after = await apply(trx, before.id, clock.nowMs());
        if (!after) throw new AppError('OPERATOR_JOB_STATE_CONFLICT', { fields: { status: `A ${before.status} job cannot be ${action === 'retry' ? 'retried' : 'cancelled'}` } });
        await audit(trx, clock, operator, {
          action: `job.${action}`,
          targetType: 'job',
          targetId: before.id,
          before: { kind: before.kind, key: before.key, status: before.status, attempts: before.attempts, lastError: before.lastError },
          after: { status: after.status, runAtMs: after.runAtMs },
        });
        return { success: true as const, data: jobView(after) };
      });
    });
  }

  app.get('/api/operator/job-schedules/', { schema: { tags: ['operator'], summary: 'Recurring job schedules (cron expressions)' } }, async (request) => {
    await requireOperator(request, 'jobs.read');
    const schedules = await listJobSchedules(db);
    return {
      success: true as const,
      data: schedules.map((s) => {
        const definition = fastify.jobs.registry.get(s.kind);
        return { ...s, missed: definition?.schedule?.missed ?? null, graceMs: definition?.schedule?.graceMs ?? null, defaultCron: definition?.schedule?.cron ?? null };
      }),
    };
  });

  app.post(
    '/api/operator/job-schedules/:kind/',
    {
      schema: {
        tags: ['operator'],
        summary: 'Change a recurring schedule: its cron expression, time zone, or whether it runs',
        params: z.strictObject({ kind: ZKind }),
        body: z
          .strictObject({ cron: z.string().trim().min(1).max(200).optional(), timeZone: z.string().min(1).max(64).optional(), enabled: z.boolean().optional() })
          .refine((b) => b.cron !== undefined || b.timeZone !== undefined || b.enabled !== undefined, 'Give at least one of cron, timeZone, enabled'),
      },
    },
    async (request) => {
      const operator = await requireOperator(request, 'jobs.manage');
      return db.transaction().execute(async (trx) => {
        const before = await findJobSchedule(trx, request.params.kind);
        if (!before) throw new AppError('OPERATOR_JOB_SCHEDULE_NOT_FOUND');
        const cron = request.body.cron ?? before.cron;
        const timeZone = request.body.timeZone ?? before.timeZone;
        const error = cronError(cron, timeZone);
        if (error) throw new AppError('VALIDATION_FAILED', { fields: { [request.body.cron !== undefined ? 'cron' : 'timeZone']: error.slice(0, 200) } });
        const after = (await updateJobSchedule(trx, before.kind, request.body, clock.nowMs()))!;
        await audit(trx, clock, operator, {
          action: 'job-schedule.update',
          targetType: 'job_schedule',
          targetId: before.kind,
          before: { cron: before.cron, timeZone: before.timeZone, enabled: before.enabled },
          after: { cron: after.cron, timeZone: after.timeZone, enabled: after.enabled },
        });
        return { success: true as const, data: after };
      });
    },
  );
};

export default operatorJobRoutes;
