import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import {
  advanceJobSchedule,
  claimJobs,
  databaseNowMs,
  ensureJobSchedule,
  extendJobLeases,
  type Job,
  listJobSchedules,
  markJobDone,
  markJobFailed,
  nextJobDueMs,
  onJobScheduled,
  pruneFinishedJobs,
  scheduleJob,
} from '@sweepstack/db/jobs/repository';
import type { DatabaseHandle } from '@sweepstack/db/connection';
import type { Database } from '@sweepstack/db/schema';
import { systemClock, type Clock } from '@sweepstack/domain/shared/clock';
import type { Rng } from '@sweepstack/domain/shared/rng';
import { cryptoRng } from '../lib/crypto-rng';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { occurrenceKey, planOccurrences } from './cron';
import { defaultBackoffMs, JOB_DEFAULTS, type JobDefinition, type JobRegistry, type RunningJob, type ScheduleJob } from './registry';

export interface JobRunnerOptions {
  database: DatabaseHandle;
  registry: JobRegistry;
  log: FastifyBaseLogger;
  /** Due times, leases and run contexts all read this clock (tests pass a fake one). */
  clock?: Clock;
  /** The run contexts' chance (the app's Rng). */
  rng?: Rng;
  /** Looks for due jobs (of other processes, retries, leases that expired) at least this often. */
  pollMs?: number;
  /** How long a claim holds without a heartbeat; heartbeats come every third of it. */
  leaseMs?: number;
  /** Jobs claimed at once (run one after another under one lease). */
  batchSize?: number;
  /** Done and cancelled jobs older than this are deleted (checked about hourly). */
  retentionMs?: number;
  /** This node's clock, compared with the database's at start and hourly. */
  wallClock?: Clock;
}

export const JOB_RUNNER_DEFAULTS = { pollMs: 1000, leaseMs: 30_000, batchSize: 10, retentionMs: 30 * 24 * 3600_000 } as const;
/** A node whose clock is further than this from the database's logs an error. */
export const CLOCK_SKEW_LIMIT_MS = 1000;

/** A run finished but its claim no longer held the job: its transaction is rolled back. */
class ClaimLost extends Error {
  constructor(job: Job) {
    super(`job ${job.kind}/${job.key} lost its claim (lease expired or cancelled); its writes were rolled back`);
  }
}

/**
 * Compares this node's clock with the database's; logs an error when they are more than a second
 * apart (due times and leases of several nodes only agree when their clocks do). Answers the skew.
 */
export async function checkClockSkew(db: Kysely<Database>, clock: Clock, log: Pick<FastifyBaseLogger, 'error'>): Promise<number> {
  const before = clock.nowMs();
  const databaseMs = await databaseNowMs(db);
  const after = clock.nowMs();
  // The database read its clock somewhere between before and after.
  const skewMs = databaseMs < before ? databaseMs - before : databaseMs > after ? databaseMs - after : 0;
  if (Math.abs(skewMs) > CLOCK_SKEW_LIMIT_MS) {
    log.error({ skewMs, nodeMs: after, databaseMs }, 'jobs: this node clock differs from the database clock by more than a second; due times and leases will be wrong');
  }
  return skewMs;
}

/**
 * The job runner (DESIGN.md rule 8, docs/jobs.md): plans the occurrences of recurring schedules,
 * claims due jobs of the kinds it knows with a lease (heartbeats extend it while they run), runs
 * them and marks them done in the run's transaction; failures retry with backoff, then go dead.
 * Woken when this process schedules a job, at the next due time it knows of, and by a poll.
 */
export class JobRunner {
  readonly nodeId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly batchSize: number;
  private readonly retentionMs: number;
  private readonly clock: Clock;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private poll: NodeJS.Timeout | null = null;
  private dueTimer: NodeJS.Timeout | null = null;
  private dueAtMs: number | null = null;
  private unsubscribe: (() => void) | null = null;
  private claims = 0;
  private lastPruneMs = 0;
  private lastSkewCheckMs = 0;
  private lastPlanMs = 0;
  /** Kinds whose schedule row is known to exist (its default written when missing). */
  private readonly ensured = new Set<string>();

  constructor(private readonly options: JobRunnerOptions) {
    this.pollMs = options.pollMs ?? JOB_RUNNER_DEFAULTS.pollMs;
    this.leaseMs = options.leaseMs ?? JOB_RUNNER_DEFAULTS.leaseMs;
    this.batchSize = options.batchSize ?? JOB_RUNNER_DEFAULTS.batchSize;
    this.retentionMs = options.retentionMs ?? JOB_RUNNER_DEFAULTS.retentionMs;
    this.clock = options.clock ?? systemClock;
    options.registry.onDefine(() => this.ensured.clear());
  }

  /** Starts waking and runs once at once (jobs left by a previous run, occurrences missed meanwhile). */
  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    this.unsubscribe = onJobScheduled((runAtMs) => this.wakeAt(runAtMs));
    this.poll = setInterval(() => this.wake(), this.pollMs);
    this.poll.unref();
    this.wake();
  }

  /** Stops waking and waits for the run in progress (its job finishes or its transaction rolls back). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.poll) clearInterval(this.poll);
    if (this.dueTimer) clearTimeout(this.dueTimer);
    this.poll = null;
    this.dueTimer = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
    await this.running;
  }

  /** Runs a pass now (or right after the one in progress). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.pass()
      .catch((error: unknown) => this.options.log.error({ err: error }, 'jobs: runner pass failed; retried by the next poll'))
      .finally(() => {
        this.running = null;
        if (this.again && !this.stopped) this.wake();
      });
  }

  /** Resolves when no pass is running (tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /**
   * Plans schedules and runs every job due now, until none is left (tests and the fake clock drive
   * it by hand; `maxJobs` bounds it). Answers how many jobs ran (done or failed).
   */
  async runDue(options: { kinds?: readonly string[]; maxJobs?: number } = {}): Promise<number> {
    const kinds = options.kinds ?? this.options.registry.kinds();
    const maxJobs = options.maxJobs ?? 10_000;
    await this.idle();
    await this.planSchedules(kinds, true);
    let ran = 0;
    while (ran < maxJobs) {
      const jobs = await this.claimBatch(kinds, Math.min(this.batchSize, maxJobs - ran));
      if (jobs.length === 0) break;
      await this.runBatch(jobs);
      ran += jobs.length;
    }
    return ran;
  }

  private wakeAt(runAtMs: number): void {
    if (this.stopped) return;
    const delay = runAtMs - this.clock.nowMs();
    // On SQLite the pass queues behind the scheduling transaction; on PostgreSQL it may run before
    // the commit, so look again a little later (and at the due time; the poll is the safety net).
    if (delay <= 0) {
      this.wake();
      this.setDueTimer(this.clock.nowMs() + 50);
    } else this.setDueTimer(runAtMs);
  }

  private setDueTimer(atMs: number): void {
    if (this.stopped) return;
    const delay = atMs - this.clock.nowMs();
    if (delay >= this.pollMs) return;
    if (this.dueAtMs !== null && this.dueAtMs <= atMs && this.dueTimer) return;
    if (this.dueTimer) clearTimeout(this.dueTimer);
    this.dueAtMs = atMs;
    this.dueTimer = setTimeout(
      () => {
        this.dueTimer = null;
        this.dueAtMs = null;
        this.wake();
      },
      Math.max(0, delay),
    );
    this.dueTimer.unref();
  }

  private async pass(): Promise<void> {
    const { database, registry } = this.options;
    const kinds = registry.backgroundKinds();
    await this.checkSkewNowAndThen();
    await this.planSchedules(kinds, false);
    for (;;) {
      this.again = false;
      const jobs = await this.claimBatch(kinds, this.batchSize);
      if (jobs.length > 0) await this.runBatch(jobs);
      if (this.stopped || (jobs.length < this.batchSize && !this.again)) break;
    }
    if (this.stopped) return;
    const next = await nextJobDueMs(database.db, kinds);
    if (next !== null) this.setDueTimer(next);
    await this.pruneNowAndThen();
  }

  private async claimBatch(kinds: readonly string[], limit: number): Promise<Job[]> {
    return claimJobs(this.options.database.db, {
      kinds,
      nowMs: this.clock.nowMs(),
      leaseMs: this.leaseMs,
      limit,
      token: `${this.nodeId}:${++this.claims}`,
    });
  }

  private async runBatch(jobs: Job[]): Promise<void> {
    const pending = new Set(jobs);
    // Heartbeats: the batch's claims hold while its jobs run one after another.
    const heartbeat = setInterval(
      () => {
        void extendJobLeases(this.options.database.db, [...pending], this.clock.nowMs() + this.leaseMs).catch((error: unknown) =>
          this.options.log.warn({ err: error }, 'jobs: heartbeat failed'),
        );
      },
      Math.max(10, Math.floor(this.leaseMs / 3)),
    );
    heartbeat.unref();
    try {
      for (const job of jobs) {
        await this.runOne(job);
        pending.delete(job);
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async runOne(job: Job): Promise<void> {
    const { database, registry, log } = this.options;
    const db = database.db;
    const definition = registry.get(job.kind);
    if (!definition) return; // claimed only kinds this registry has
    const maxAttempts = definition.maxAttempts ?? JOB_DEFAULTS.maxAttempts;
    if (job.attempts > maxAttempts) {
      // Earlier claims ended without a result: the process running it died every time.
      const error = `${job.lastError ? `${job.lastError}; ` : ''}attempt ${job.attempts - 1} of ${maxAttempts} never finished (its process stopped)`;
      await markJobFailed(db, job, { nowMs: this.clock.nowMs(), error, retryAtMs: null });
      log.error({ jobId: job.id, kind: job.kind, key: job.key }, 'jobs: job is dead (its runs never finished)');
      return;
    }
    let payload: unknown;
    try {
      payload = definition.payload ? definition.payload.parse(job.payload) : job.payload;
    } catch (error) {
      await markJobFailed(db, job, { nowMs: this.clock.nowMs(), error: `payload refused: ${messageOf(error)}`, retryAtMs: null });
      log.error({ jobId: job.id, kind: job.kind, key: job.key, err: error }, 'jobs: job is dead (its payload was refused)');
      return;
    }
    const running: RunningJob<unknown> = { ...job, payload };
    try {
      await this.execute(definition, running, job);
    } catch (error) {
      if (error instanceof ClaimLost) {
        log.warn({ jobId: job.id, kind: job.kind, key: job.key }, error.message);
        return;
      }
      const nowMs = this.clock.nowMs();
      const dead = job.attempts >= maxAttempts;
      const retryAtMs = dead ? null : nowMs + (definition.backoff ?? defaultBackoffMs)(job.attempts);
      await markJobFailed(db, job, { nowMs, error: messageOf(error), retryAtMs });
      if (dead) log.error({ jobId: job.id, kind: job.kind, key: job.key, attempts: job.attempts, err: error }, 'jobs: job is dead after its last attempt');
      else log.warn({ jobId: job.id, kind: job.kind, key: job.key, attempts: job.attempts, retryAtMs, err: error }, 'jobs: job failed; will retry');
    }
  }

  private async execute(definition: JobDefinition<unknown>, running: RunningJob<unknown>, job: Job): Promise<void> {
    const { database, log } = this.options;
    const contextOf = (db: Kysely<Database> | Transaction<Database>) => ({
      clock: this.clock,
      rng: this.options.rng ?? cryptoRng,
      log,
      scheduleJob: ((kind, key, runAtMs, payload) => scheduleJob(db, kind, key, runAtMs, payload, { clock: this.clock })) satisfies ScheduleJob,
    });
    if (definition.transaction === false) {
      await definition.run(running, { ...contextOf(database.db), db: database.db });
      if (!(await markJobDone(database.db, job, this.clock.nowMs()))) log.warn({ jobId: job.id, kind: job.kind, key: job.key }, 'jobs: job ran but its claim had expired');
      return;
    }
    await database.db.transaction().execute(async (trx) => {
      await definition.run(running, { ...contextOf(trx), db: trx });
      if (!(await markJobDone(trx, job, this.clock.nowMs()))) throw new ClaimLost(job);
    });
  }

  /**
   * One job row per due occurrence of each recurring kind, by its missed-occurrence policy. The
   * occurrences and the schedule's planned-until mark are written in one transaction that checks
   * the mark did not move: two nodes planning at once insert each occurrence once.
   */
  private async planSchedules(kinds: readonly string[], force: boolean): Promise<void> {
    const { database, registry, log } = this.options;
    const recurring = registry.recurring(kinds);
    if (recurring.length === 0) return;
    const nowMs = this.clock.nowMs();
    if (!force && nowMs - this.lastPlanMs < Math.min(this.pollMs, 1000)) return;
    this.lastPlanMs = nowMs;
    for (const definition of recurring) {
      if (this.ensured.has(definition.kind)) continue;
      await ensureJobSchedule(database.db, { kind: definition.kind, cron: definition.schedule!.cron, timeZone: definition.schedule!.timeZone ?? 'UTC' }, nowMs);
      this.ensured.add(definition.kind);
    }
    const byKind = new Map(recurring.map((d) => [d.kind, d]));
    for (const schedule of await listJobSchedules(database.db, [...byKind.keys()])) {
      const definition = byKind.get(schedule.kind)!;
      if (!schedule.enabled) continue;
      let plan;
      try {
        plan = planOccurrences({ cron: schedule.cron, timeZone: schedule.timeZone, missed: definition.schedule!.missed, graceMs: definition.schedule!.graceMs, plannedUntilMs: schedule.plannedUntilMs, nowMs });
      } catch (error) {
        log.error({ kind: schedule.kind, cron: schedule.cron, err: error }, 'jobs: schedule cannot be read; fix it in job_schedules');
        continue;
      }
      if (plan.plannedUntilMs === schedule.plannedUntilMs) continue;
      await database.db.transaction().execute(async (trx) => {
        if (!(await advanceJobSchedule(trx, schedule.kind, schedule.plannedUntilMs, plan.plannedUntilMs))) return;
        for (const atMs of plan.run) await scheduleJob(trx, schedule.kind, occurrenceKey(atMs), atMs, { scheduledAtMs: atMs }, { clock: this.clock });
      });
      if (plan.dropped > 0) log.warn({ kind: schedule.kind, dropped: plan.dropped, policy: definition.schedule!.missed }, 'jobs: missed occurrences dropped by their policy');
    }
  }

  private async checkSkewNowAndThen(): Promise<void> {
    const wall = this.options.wallClock ?? systemClock;
    const now = wall.nowMs();
    if (now - this.lastSkewCheckMs < 3600_000) return;
    this.lastSkewCheckMs = now;
    await checkClockSkew(this.options.database.db, wall, this.options.log);
  }

  private async pruneNowAndThen(): Promise<void> {
    const now = this.clock.nowMs();
    if (now - this.lastPruneMs < 3600_000) return;
    this.lastPruneMs = now;
    await pruneFinishedJobs(this.options.database.db, now - this.retentionMs);
    for (const kind of this.options.registry.kinds()) {
      const keepDoneMs = this.options.registry.get(kind)?.keepDoneMs;
      if (keepDoneMs !== undefined && keepDoneMs < this.retentionMs) await pruneFinishedJobs(this.options.database.db, now - keepDoneMs, kind);
    }
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
