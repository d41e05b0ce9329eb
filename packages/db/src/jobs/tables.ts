import type { Generated } from 'kysely';

/** Where a job stands. `pending` and `running` are live; the others are final until an operator retries. */
export type JobStatus = 'pending' | 'running' | 'done' | 'dead' | 'cancelled';

/**
 * Durable jobs (DESIGN.md rule 8, docs/jobs.md): timed work as rows, scheduled in the transaction of
 * the change that calls for it, unique on (kind, key), claimed atomically with a lease.
 */
export interface JobsTable {
  id: Generated<number>;
  /** What to run: a kind defined on the server (`defineJob`), e.g. `cashier.reconcile`. */
  kind: string;
  /** The job's identity within its kind; also the idempotency key of its effects (a prize's ledger key). */
  key: string;
  payload_json: string;
  status: JobStatus;
  /** Due from then on (for a failed job: when its retry is due). */
  run_at_ms: number;
  /** Claims so far (a claim whose process died counts too). */
  attempts: Generated<number>;
  /** The claim's token (node and a random part): only the holder of the current claim may finish the job. */
  claim_token: string | null;
  /** The lease: the claim holds until then, heartbeats extend it; an expired lease is taken over. */
  claimed_until_ms: number | null;
  last_error: string | null;
  created_at_ms: number;
  updated_at_ms: number;
  /** When it became done, dead or cancelled. */
  finished_at_ms: number | null;
}

/**
 * Recurring schedules, operator data: one row per job kind that has a schedule. The server plans one
 * job row per occurrence (key `at:<ISO time>`), so several nodes planning the same occurrence insert one row.
 */
export interface JobSchedulesTable {
  kind: string;
  /** A cron expression (5 fields, or 6 with seconds), read by cron-parser. */
  cron: string;
  /** IANA time zone the expression is read in. */
  time_zone: string;
  enabled: number;
  /** Occurrences up to this time have been planned (or skipped by the missed-occurrence policy). */
  planned_until_ms: number | null;
  updated_at_ms: number;
}

export interface JobTables {
  jobs: JobsTable;
  job_schedules: JobSchedulesTable;
}

declare module '../schema' {
  // Feature modules add their tables to the one Database interface (DESIGN.md, feature modules).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged with the central interface
  interface Database extends JobTables {}
}
