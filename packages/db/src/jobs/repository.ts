import { systemClock, type Clock } from '@sweepstack/domain/shared/clock';
import { PostgresAdapter, sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../schema';
import type { JobSchedulesTable, JobsTable, JobStatus } from './tables';

/**
 * Durable jobs (DESIGN.md rule 8, docs/jobs.md). `scheduleJob` writes in the caller's transaction,
 * so a job exists exactly when the change that called for it was committed. The server's runner
 * claims due jobs with a lease, runs them and marks them done in the run's own transaction.
 */
type Db = Kysely<Database> | Transaction<Database>;

export type { JobStatus } from './tables';

export interface Job {
  id: number;
  kind: string;
  key: string;
  payload: unknown;
  status: JobStatus;
  runAtMs: number;
  /** Claims so far, the current one included. */
  attempts: number;
  claimToken: string | null;
  claimedUntilMs: number | null;
  lastError: string | null;
  createdAtMs: number;
  updatedAtMs: number;
  finishedAtMs: number | null;
}

export type ScheduleResult =
  /** A new job row. */
  | { scheduled: true; id: number }
  /** A job of that kind and key exists already (whatever its state): nothing was written. */
  | { scheduled: false; id: number; status: JobStatus };

type Row = Selectable<JobsTable>;

const KIND = /^[a-z][a-z0-9]*(?:[.-][a-z0-9]+)*$/;
const KEY_MAX = 200;
const ERROR_MAX = 2000;

function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

function toJob(row: Row): Job {
  return {
    id: Number(row.id),
    kind: row.kind,
    key: row.key,
    payload: JSON.parse(row.payload_json) as unknown,
    status: row.status,
    runAtMs: Number(row.run_at_ms),
    attempts: Number(row.attempts),
    claimToken: row.claim_token,
    claimedUntilMs: row.claimed_until_ms === null ? null : Number(row.claimed_until_ms),
    lastError: row.last_error,
    createdAtMs: Number(row.created_at_ms),
    updatedAtMs: Number(row.updated_at_ms),
    finishedAtMs: row.finished_at_ms === null ? null : Number(row.finished_at_ms),
  };
}

/** A job kind: lower-case words joined by dots or dashes (`cashier.reconcile`), at most 100 characters. */
export function isJobKind(kind: string): boolean {
  return kind.length <= 100 && KIND.test(kind);
}

const scheduleListeners = new Set<(runAtMs: number) => void>();

/**
 * Calls `listener` with the due time of every job this process schedules. On SQLite the listener's
 * next query queues behind the scheduling transaction, so it sees the row once committed; on
 * PostgreSQL the runner looks again at the due time (and its poll finds jobs of other processes).
 */
export function onJobScheduled(listener: (runAtMs: number) => void): () => void {
  scheduleListeners.add(listener);
  return () => scheduleListeners.delete(listener);
}

/**
 * Schedules job `kind`/`key` to run from `runAtMs` on, in `db` (the caller's transaction: the job
 * exists only if that commits). Unique on (kind, key): a second schedule with the same key writes
 * nothing and says so (`scheduled: false`, with the existing job's id and status).
 */
export async function scheduleJob(db: Db, kind: string, key: string, runAtMs: number, payload: unknown = {}, options: { clock?: Clock } = {}): Promise<ScheduleResult> {
  if (!isJobKind(kind)) throw new Error(`invalid job kind: ${kind}`);
  if (key.length === 0 || key.length > KEY_MAX) throw new Error(`job key must be 1 to ${KEY_MAX} characters: ${key.slice(0, 50)}`);
  if (!Number.isSafeInteger(runAtMs)) throw new Error(`job run time must be an integer of milliseconds: ${runAtMs}`);
  const payloadJson = JSON.stringify(payload ?? {});
  const nowMs = (options.clock ?? systemClock).nowMs();
  const inserted = await db
    .insertInto('jobs')
    .values({
      kind,
      key,
      payload_json: payloadJson,
      status: 'pending',
      run_at_ms: runAtMs,
      attempts: 0,
      claim_token: null,
      claimed_until_ms: null,
      last_error: null,
      created_at_ms: nowMs,
      updated_at_ms: nowMs,
      finished_at_ms: null,
    })
    .onConflict((oc) => oc.columns(['kind', 'key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) {
    for (const listener of scheduleListeners) listener(runAtMs);
    return { scheduled: true, id: Number(inserted.id) };
  }
  const existing = await db.selectFrom('jobs').select(['id', 'status']).where('kind', '=', kind).where('key', '=', key).executeTakeFirstOrThrow();
  return { scheduled: false, id: Number(existing.id), status: existing.status };
}

export interface ClaimJobsOptions {
  /** Only these kinds (the ones this process can run). */
  kinds: readonly string[];
  nowMs: number;
  /** How long the claim holds without a heartbeat. */
  leaseMs: number;
  limit: number;
  /** Unique per claim: only its holder can extend, finish or fail the job. */
  token: string;
}

/**
 * Claims up to `limit` due jobs, earliest first, atomically: pending jobs whose time has come and
 * running jobs whose lease expired (their process died). One UPDATE … WHERE the claim is free, so
 * several processes never hold the same job; every claim counts as an attempt.
 */
export async function claimJobs(db: Kysely<Database>, options: ClaimJobsOptions): Promise<Job[]> {
  if (options.kinds.length === 0 || options.limit <= 0) return [];
  const { nowMs } = options;
  let candidates = db
    .selectFrom('jobs')
    .select('id')
    .where('status', 'in', ['pending', 'running'])
    .where('run_at_ms', '<=', nowMs)
    .where((eb) => eb.or([eb('claimed_until_ms', 'is', null), eb('claimed_until_ms', '<=', nowMs)]))
    .where('kind', 'in', options.kinds)
    .orderBy('run_at_ms')
    .orderBy('id')
    .limit(options.limit);
  const pg = isPostgres(db);
  if (pg) candidates = candidates.forUpdate().skipLocked();
  const rows = await db
    .updateTable('jobs')
    .set((eb) => ({ status: 'running', claim_token: options.token, claimed_until_ms: nowMs + options.leaseMs, attempts: eb('attempts', '+', 1), updated_at_ms: nowMs }))
    // PostgreSQL: `id IN (subquery … LIMIT … SKIP LOCKED)` may run the subquery again while rows are
    // rechecked and update more than `limit` rows (seen: one claim of 2 took 120 under a race);
    // ARRAY(subquery) runs it exactly once.
    .where((eb) => (pg ? sql<boolean>`${eb.ref('id')} = any(array(${candidates}))` : eb('id', 'in', candidates)))
    // Checked again on the row itself: under PostgreSQL's READ COMMITTED a claim that committed
    // first makes the row fail these conditions, so it is skipped rather than taken twice.
    .where('status', 'in', ['pending', 'running'])
    .where((eb) => eb.or([eb('claimed_until_ms', 'is', null), eb('claimed_until_ms', '<=', nowMs)]))
    .returningAll()
    .execute();
  return rows.map(toJob).sort((a, b) => a.runAtMs - b.runAtMs || a.id - b.id);
}

/** Extends the leases of jobs this claim still holds; answers the ids it still holds. */
export async function extendJobLeases(db: Db, jobs: readonly Pick<Job, 'id' | 'claimToken'>[], untilMs: number): Promise<number[]> {
  const held: number[] = [];
  for (const job of jobs) {
    if (!job.claimToken) continue;
    const result = await db
      .updateTable('jobs')
      .set({ claimed_until_ms: untilMs })
      .where('id', '=', job.id)
      .where('claim_token', '=', job.claimToken)
      .where('status', '=', 'running')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) held.push(job.id);
  }
  return held;
}

/**
 * Marks a job done, in the run's transaction, if `job`'s claim still holds it. False when it does
 * not (the lease expired and another process took over, or an operator cancelled it): the caller
 * must then roll back, so the job's effects are written only with its done mark.
 */
export async function markJobDone(db: Db, job: Pick<Job, 'id' | 'claimToken'>, nowMs: number): Promise<boolean> {
  if (!job.claimToken) return false;
  const result = await db
    .updateTable('jobs')
    .set({ status: 'done', claim_token: null, claimed_until_ms: null, last_error: null, finished_at_ms: nowMs, updated_at_ms: nowMs })
    .where('id', '=', job.id)
    .where('claim_token', '=', job.claimToken)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * A run failed: the job is due again at `retryAtMs`, or dead (`retryAtMs` null) with the error kept.
 * Nothing happens when the claim no longer holds it. Answers whether it did.
 */
export async function markJobFailed(db: Db, job: Pick<Job, 'id' | 'claimToken'>, options: { nowMs: number; error: string; retryAtMs: number | null }): Promise<boolean> {
  if (!job.claimToken) return false;
  const error = options.error.slice(0, ERROR_MAX);
  const set =
    options.retryAtMs === null
      ? { status: 'dead' as const, claim_token: null, claimed_until_ms: null, last_error: error, finished_at_ms: options.nowMs, updated_at_ms: options.nowMs }
      : { status: 'pending' as const, run_at_ms: options.retryAtMs, claim_token: null, claimed_until_ms: null, last_error: error, updated_at_ms: options.nowMs };
  const result = await db.updateTable('jobs').set(set).where('id', '=', job.id).where('claim_token', '=', job.claimToken).where('status', '=', 'running').executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The earliest due time of a live job of these kinds not currently held, or null (the runner sleeps until then). */
export async function nextJobDueMs(db: Kysely<Database>, kinds: readonly string[]): Promise<number | null> {
  if (kinds.length === 0) return null;
  const row = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.min('run_at_ms').as('next'))
    .where('status', '=', 'pending')
    .where('kind', 'in', kinds)
    .executeTakeFirst();
  return row?.next === null || row?.next === undefined ? null : Number(row.next);
}

export async function findJobById(db: Db, id: number): Promise<Job | undefined> {
  const row = await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toJob(row) : undefined;
}

export async function findJob(db: Db, kind: string, key: string): Promise<Job | undefined> {
  const row = await db.selectFrom('jobs').selectAll().where('kind', '=', kind).where('key', '=', key).executeTakeFirst();
  return row ? toJob(row) : undefined;
}

export interface ListJobsQuery {
  status?: JobStatus;
  kind?: string;
  /** Jobs with a smaller id (paging, newest first). */
  beforeId?: number;
  limit: number;
}

/** Jobs newest first (operators). */
export async function listJobs(db: Db, query: ListJobsQuery): Promise<Job[]> {
  let select = db.selectFrom('jobs').selectAll().orderBy('id', 'desc').limit(query.limit);
  if (query.status) select = select.where('status', '=', query.status);
  if (query.kind) select = select.where('kind', '=', query.kind);
  if (query.beforeId) select = select.where('id', '<', query.beforeId);
  return (await select.execute()).map(toJob);
}

/** How many jobs are in each status (operators, tests). */
export async function countJobsByStatus(db: Db, kind?: string): Promise<Record<JobStatus, number>> {
  let select = db.selectFrom('jobs').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('status');
  if (kind) select = select.where('kind', '=', kind);
  const counts: Record<JobStatus, number> = { pending: 0, running: 0, done: 0, dead: 0, cancelled: 0 };
  for (const row of await select.execute()) counts[row.status] = Number(row.n);
  return counts;
}

/**
 * An operator runs a dead, cancelled or waiting job again now, with a fresh count of attempts (the
 * last error is kept until it succeeds). Answers the job after, or undefined when it is running or done.
 */
export async function retryJob(db: Db, id: number, nowMs: number): Promise<Job | undefined> {
  const row = await db
    .updateTable('jobs')
    .set({ status: 'pending', run_at_ms: nowMs, attempts: 0, claim_token: null, claimed_until_ms: null, finished_at_ms: null, updated_at_ms: nowMs })
    .where('id', '=', id)
    .where('status', 'in', ['dead', 'cancelled', 'pending'])
    .returningAll()
    .executeTakeFirst();
  return row ? toJob(row) : undefined;
}

/**
 * An operator cancels a pending or running job. A running job's claim no longer holds it, so the
 * run in progress cannot mark it done and its transaction rolls back. Undefined when it is final.
 */
export async function cancelJob(db: Db, id: number, nowMs: number): Promise<Job | undefined> {
  const row = await db
    .updateTable('jobs')
    .set({ status: 'cancelled', claim_token: null, claimed_until_ms: null, finished_at_ms: nowMs, updated_at_ms: nowMs })
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'running'])
    .returningAll()
    .executeTakeFirst();
  return row ? toJob(row) : undefined;
}

/** Cancels the live job of `kind`/`key` if there is one (a timer that is no longer wanted). */
export async function cancelJobByKey(db: Db, kind: string, key: string, nowMs: number): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ status: 'cancelled', claim_token: null, claimed_until_ms: null, finished_at_ms: nowMs, updated_at_ms: nowMs })
    .where('kind', '=', kind)
    .where('key', '=', key)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Deletes done and cancelled jobs finished before `beforeMs` (dead ones stay for operators). A
 * deleted job's key can be scheduled again, so keep them longer than any caller re-schedules a key.
 */
export async function pruneFinishedJobs(db: Db, beforeMs: number, kind?: string): Promise<number> {
  let query = db.deleteFrom('jobs').where('status', 'in', ['done', 'cancelled']).where('finished_at_ms', '<', beforeMs);
  if (kind !== undefined) query = query.where('kind', '=', kind);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

// Recurring schedules (operator data).

export interface JobSchedule {
  kind: string;
  cron: string;
  timeZone: string;
  enabled: boolean;
  plannedUntilMs: number | null;
  updatedAtMs: number;
}

function toSchedule(row: Selectable<JobSchedulesTable>): JobSchedule {
  return {
    kind: row.kind,
    cron: row.cron,
    timeZone: row.time_zone,
    enabled: Number(row.enabled) === 1,
    plannedUntilMs: row.planned_until_ms === null ? null : Number(row.planned_until_ms),
    updatedAtMs: Number(row.updated_at_ms),
  };
}

/** Writes a kind's schedule from its definition's default unless the operator data has one already. */
export async function ensureJobSchedule(db: Db, schedule: { kind: string; cron: string; timeZone: string }, nowMs: number): Promise<void> {
  await db
    .insertInto('job_schedules')
    .values({ kind: schedule.kind, cron: schedule.cron, time_zone: schedule.timeZone, enabled: 1, planned_until_ms: null, updated_at_ms: nowMs })
    .onConflict((oc) => oc.column('kind').doNothing())
    .execute();
}

export async function listJobSchedules(db: Db, kinds?: readonly string[]): Promise<JobSchedule[]> {
  if (kinds && kinds.length === 0) return [];
  let select = db.selectFrom('job_schedules').selectAll().orderBy('kind');
  if (kinds) select = select.where('kind', 'in', kinds);
  return (await select.execute()).map(toSchedule);
}

export async function findJobSchedule(db: Db, kind: string): Promise<JobSchedule | undefined> {
  const row = await db.selectFrom('job_schedules').selectAll().where('kind', '=', kind).executeTakeFirst();
  return row ? toSchedule(row) : undefined;
}

/** An operator changes a schedule; answers it after, or undefined when the kind has none. */
export async function updateJobSchedule(db: Db, kind: string, change: { cron?: string; timeZone?: string; enabled?: boolean }, nowMs: number): Promise<JobSchedule | undefined> {
  const row = await db
    .updateTable('job_schedules')
    .set({
      ...(change.cron !== undefined ? { cron: change.cron } : {}),
      ...(change.timeZone !== undefined ? { time_zone: change.timeZone } : {}),
      ...(change.enabled !== undefined ? { enabled: change.enabled ? 1 : 0 } : {}),
      updated_at_ms: nowMs,
    })
    .where('kind', '=', kind)
    .returningAll()
    .executeTakeFirst();
  return row ? toSchedule(row) : undefined;
}

/**
 * Moves a schedule's planned-until mark from `fromMs` to `toMs` if nobody moved it meanwhile
 * (compare and set, in the transaction that inserts the occurrences' jobs). False: another node
 * planned first, roll back.
 */
export async function advanceJobSchedule(db: Db, kind: string, fromMs: number | null, toMs: number): Promise<boolean> {
  const result = await db
    .updateTable('job_schedules')
    .set({ planned_until_ms: toMs })
    .where('kind', '=', kind)
    .where((eb) => (fromMs === null ? eb('planned_until_ms', 'is', null) : eb('planned_until_ms', '=', fromMs)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The database's own clock in milliseconds (a node compares its clock with it). */
export async function databaseNowMs(db: Kysely<Database>): Promise<number> {
  const query = isPostgres(db)
    ? sql<{ now_ms: number | string }>`select floor(extract(epoch from clock_timestamp()) * 1000)::bigint as now_ms`
    : sql<{ now_ms: number | string }>`select cast(round((julianday('now') - 2440587.5) * 86400000) as integer) as now_ms`;
  const { rows } = await query.execute(db);
  return Number(rows[0]!.now_ms);
}
