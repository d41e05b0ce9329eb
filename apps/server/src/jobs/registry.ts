import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isJobKind, type Job, type ScheduleResult } from '@sweepstack/db/jobs/repository';
import type { Database } from '@sweepstack/db/schema';
import type { Clock } from '@sweepstack/domain/shared/clock';
import type { Rng } from '@sweepstack/domain/shared/rng';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { parseCron, type MissedPolicy } from './cron';

/** Schedules a job in the context's transaction (see `scheduleJob` of the jobs repository). */
export type ScheduleJob = (kind: string, key: string, runAtMs: number, payload?: unknown) => Promise<ScheduleResult>;

interface ContextBase {
  clock: Clock;
  /** Chance (DESIGN.md rule 6): the app's Rng (a seeded one in tests); jobs never reach for node:crypto. */
  rng: Rng;
  log: FastifyBaseLogger;
  /** Schedules a follow-up job through `db` (in the run's transaction when it has one). */
  scheduleJob: ScheduleJob;
}

export interface JobContext extends ContextBase {
  /**
   * The run's own transaction: write only through it. The job's done mark is written in it after
   * `run` returns, so the run's writes commit exactly when the job is done (a failure or a lost
   * claim rolls both back).
   */
  db: Transaction<Database>;
}

export interface OutsideJobContext extends ContextBase {
  /** No transaction is held while the run talks to the outside world; open your own. */
  db: Kysely<Database>;
}

/** A claimed job as a run sees it: its payload parsed. */
export interface RunningJob<P> extends Omit<Job, 'payload'> {
  payload: P;
}

export type { MissedPolicy } from './cron';

export interface JobRecurrence {
  /** Default cron expression (operators change it in `job_schedules`). */
  cron: string;
  /** IANA time zone of the expression (default UTC). */
  timeZone?: string;
  /**
   * `skip`: missed occurrences are dropped, the next on-time one runs. `once`: the latest missed
   * one within the grace window runs, once. `all`: every missed one within the grace window runs,
   * once each: use it for anything that pays.
   */
  missed: MissedPolicy;
  /** How late a missed occurrence may still run (`once` and `all`); older ones are dropped. */
  graceMs: number;
}

interface DefinitionBase<P> {
  /** Lower-case words joined by dots or dashes; `<feature>.<what>` for a feature's jobs. */
  kind: string;
  /** Parses the stored payload (a zod schema fits). A payload it refuses makes the job dead at once. */
  payload?: { parse(input: unknown): P };
  /** Attempts before the job is dead (default 10). */
  maxAttempts?: number;
  /** Delay before the retry that follows failed attempt number `attempt` (default: 5 s doubling, at most an hour). */
  backoff?: (attempt: number) => number;
  /** Makes the kind recurring: one job per occurrence of a cron expression. */
  schedule?: JobRecurrence;
  /**
   * How long this kind's done and cancelled rows are kept, when shorter than the runner's retention
   * (30 days): a kind scheduled every second (a tournament's positions push) would otherwise leave
   * millions of rows. Its key must then be one no later schedule can reuse (a time in it).
   */
  keepDoneMs?: number;
}

export interface TransactionalJobDefinition<P = unknown> extends DefinitionBase<P> {
  /** Default: the run gets a transaction that also holds the job's done mark. */
  transaction?: true;
  run(job: RunningJob<P>, context: JobContext): Promise<void> | void;
}

export interface OutsideTransactionJobDefinition<P = unknown> extends DefinitionBase<P> {
  /**
   * The run holds no transaction (it waits on the outside world: an HTTP call). It is marked done
   * after it returns, so it may run again after a crash: its effect must be idempotent elsewhere
   * (the receiver of a webhook deduplicates by event id).
   */
  transaction: false;
  run(job: RunningJob<P>, context: OutsideJobContext): Promise<void> | void;
}

export type JobDefinition<P = unknown> = TransactionalJobDefinition<P> | OutsideTransactionJobDefinition<P>;

/**
 * A job kind of whatever payload type: what lists of kinds hold (a feature's `jobs`, the registry).
 * Each definition's `payload` parser and `run` agree on its own payload type (`defineJob<P>` checks
 * that where it is written); a list only needs to know it is a job kind, so any `JobDefinition<P>`
 * is one without a cast (`run` is a method: its parameter is compared both ways).
 */
export type AnyJobDefinition = JobDefinition<unknown>;

export const JOB_DEFAULTS = { maxAttempts: 10 } as const;

/** Default retry delay after failed attempt `attempt` (1-based): 5 s doubling, at most an hour. */
export function defaultBackoffMs(attempt: number): number {
  return Math.min(3_600_000, 5_000 * 2 ** Math.max(0, attempt - 1));
}

/**
 * A job kind: `export default defineJob({ kind: 'feature.finish', async run(job, { db }) { … } })`.
 * Checks the definition at once, so a bad kind or cron fails at boot, not at its first run.
 */
export function defineJob<P = unknown>(definition: JobDefinition<P>): JobDefinition<P> {
  if (!isJobKind(definition.kind)) throw new Error(`invalid job kind: ${definition.kind}`);
  if (definition.maxAttempts !== undefined && (!Number.isInteger(definition.maxAttempts) || definition.maxAttempts < 1)) {
    throw new Error(`job ${definition.kind}: maxAttempts must be a positive integer`);
  }
  if (definition.schedule) {
    parseCron(definition.schedule.cron, definition.schedule.timeZone ?? 'UTC');
    if (!(definition.schedule.graceMs >= 0)) throw new Error(`job ${definition.kind}: schedule.graceMs must be zero or more`);
  }
  if (definition.keepDoneMs !== undefined && !(definition.keepDoneMs >= 0)) throw new Error(`job ${definition.kind}: keepDoneMs must be zero or more`);
  return definition;
}

/** The job kinds this server runs. One per app; features add theirs with `define`. */
export class JobRegistry {
  private readonly byKind = new Map<string, AnyJobDefinition>();
  private readonly manual = new Set<string>();
  private readonly listeners = new Set<() => void>();

  /**
   * Adds a kind; a kind defined twice is a bug. `{ background: false }`: this process can run it
   * (`runner.runDue({ kinds })`) but its background runner leaves it to others (a test drains by hand).
   */
  define = <P>(definition: JobDefinition<P>, options: { background?: boolean } = {}): void => {
    defineJob(definition);
    if (this.byKind.has(definition.kind)) throw new Error(`job kind ${definition.kind} defined twice`);
    this.byKind.set(definition.kind, definition);
    if (options.background === false) this.manual.add(definition.kind);
    for (const listener of this.listeners) listener();
  };

  get(kind: string): JobDefinition<unknown> | undefined {
    return this.byKind.get(kind);
  }

  /** Kinds defined here: a node claims only jobs it can run. */
  kinds(): string[] {
    return [...this.byKind.keys()].sort();
  }

  /** Kinds the background runner claims (all but those defined with `background: false`). */
  backgroundKinds(): string[] {
    return this.kinds().filter((kind) => !this.manual.has(kind));
  }

  /** Recurring kinds the background runner plans. */
  recurring(kinds: readonly string[] = this.backgroundKinds()): JobDefinition<unknown>[] {
    return kinds.map((kind) => this.byKind.get(kind)!).filter((d) => d.schedule !== undefined);
  }

  /** Called whenever a kind is defined (the runner refreshes what it claims). */
  onDefine(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/**
 * Loads every `*.ts` file of `dir` (sorted; tests skipped); each default-exports a definition made
 * with `defineJob` (or an array of them). Adding a core job is adding a file.
 */
export async function loadJobFiles(registry: JobRegistry, dir: string): Promise<string[]> {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => /\.ts$/.test(f) && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'));
  } catch {
    return [];
  }
  files.sort();
  for (const file of files) {
    const module = (await import(pathToFileURL(path.join(dir, file)).href)) as { default?: unknown };
    const definitions = Array.isArray(module.default) ? module.default : [module.default];
    for (const definition of definitions) {
      if (!definition || typeof definition !== 'object' || typeof (definition as { run?: unknown }).run !== 'function') {
        throw new Error(`job file ${file} must default-export defineJob(…) or an array of them`);
      }
      registry.define(definition as AnyJobDefinition);
    }
  }
  return files;
}
