import type { Clock } from '@sweepstack/domain/shared/clock';
import { PostgresAdapter, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../schema';
import { statementsOf } from '../../statements';
import { loadAccounts } from './load-accounts';
import type { LedgerDb, TransferResult } from './records';
import { type PlannedTransfer, refsOf, writeTransfers } from './write-transfers';

function isPostgres(db: LedgerDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

const RETRYABLE_POSTGRES_CODES = new Set(['40001', '40P01']);
const SQLITE_MAX_BATCH = 200;

type Work<T> = (trx: Transaction<Database>) => Promise<T>;

// One name for every savepoint: nested savepoints may share it (RELEASE and ROLLBACK TO act on the
// innermost), and a constant SQL text lets SQLite reuse the prepared statements.
async function inSavepoint<T>(trx: Transaction<Database>, work: Work<T>): Promise<T> {
  const statements = statementsOf(trx);
  await statements.run('savepoint ledger_savepoint', []);
  try {
    const result = await work(trx);
    await statements.run('release savepoint ledger_savepoint', []);
    return result;
  } catch (error) {
    await statements.run('rollback to savepoint ledger_savepoint', []);
    await statements.run('release savepoint ledger_savepoint', []);
    throw error;
  }
}

/**
 * Plain transfers of one caller (`transfer`, `transferMany`, `createPending`) queued for the group
 * commit: consecutive ones are written together (below). `clock` is the caller's.
 */
export interface MergeableTransfers {
  planned: PlannedTransfer[];
  clock: Clock;
}

interface GroupItem {
  work: Work<unknown>;
  merge?: MergeableTransfers;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** At most this many transfers are written by one merged statement (bounds the SQL variants cached). */
const SQLITE_MAX_MERGED_TRANSFERS = 64;

/**
 * Group commit for SQLite. SQLite runs one transaction at a time on its single connection, and each
 * transaction pays a fixed cost (begin, commit, the WAL write). Ledger operations that arrive while
 * one is running are queued, then run together, in order, in one transaction. Every caller is
 * answered only after that commit. If any operation of the group is refused (or the commit fails),
 * the whole group rolls back and each of its operations runs again in a transaction of its own, in
 * the same order, so that the refusal only reaches its own caller. Operations are therefore retried:
 * they may only write to the database (the ledger's own work functions do nothing else).
 *
 * Consecutive plain transfers of the group (with the same clock) are also written together: their
 * accounts loaded by one statement, their rows inserted by one, their balances moved by one, exactly
 * as `transferMany` writes several transfers of one caller, in the same order. A key given twice is a
 * replay of its first use, as it would be one call after the other.
 */
class SqliteGroupCommit {
  private readonly queue: GroupItem[] = [];
  private draining = false;

  constructor(private readonly db: Kysely<Database>) {}

  run<T>(work: Work<T>, merge?: MergeableTransfers): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, merge, resolve: resolve as (value: unknown) => void, reject });
      if (!this.draining) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      let lastBatchSize = 0;
      for (;;) {
        // After a group, the callers it answered usually come straight back: give them one turn of
        // the event loop to queue up, so that they form the next group instead of a group of one.
        if (this.queue.length === 0 && lastBatchSize > 1) await new Promise((resolve) => setImmediate(resolve));
        if (this.queue.length === 0) break;
        const batch = this.queue.splice(0, SQLITE_MAX_BATCH);
        lastBatchSize = batch.length;
        if (batch.length === 1) {
          const [only] = batch;
          await this.db.transaction().execute(only!.work).then(only!.resolve, only!.reject);
          continue;
        }
        const values: unknown[] = [];
        let grouped = true;
        try {
          await this.db.transaction().execute(async (trx) => {
            for (let i = 0; i < batch.length; ) {
              const run = mergeableRun(batch, i);
              if (run.length > 1) values.push(...(await writeMerged(trx, run)));
              else values.push(await batch[i]!.work(trx));
              i += Math.max(1, run.length);
            }
          });
        } catch {
          grouped = false;
        }
        if (grouped) {
          batch.forEach((item, i) => item.resolve(values[i]));
          continue;
        }
        for (const item of batch) await this.db.transaction().execute(item.work).then(item.resolve, item.reject);
      }
    } finally {
      this.draining = false;
    }
  }
}

/** The consecutive mergeable items from `start` (same clock, bounded in transfers); empty if `start` is not one. */
function mergeableRun(batch: GroupItem[], start: number): MergeableTransfers[] {
  const first = batch[start]?.merge;
  if (!first) return [];
  const run = [first];
  let transfers = first.planned.length;
  for (let i = start + 1; i < batch.length; i++) {
    const next = batch[i]!.merge;
    if (!next || next.clock !== first.clock || transfers + next.planned.length > SQLITE_MAX_MERGED_TRANSFERS) break;
    run.push(next);
    transfers += next.planned.length;
  }
  return run;
}

/** Writes the transfers of several callers as one operation; answers each caller's results. */
async function writeMerged(trx: Transaction<Database>, run: MergeableTransfers[]): Promise<TransferResult[][]> {
  const planned = run.flatMap((item) => item.planned);
  const clock = run[0]!.clock;
  const results = await writeTransfers(trx, planned, await loadAccounts(trx, refsOf(planned), clock), clock);
  let offset = 0;
  return run.map((item) => results.slice(offset, (offset += item.planned.length)));
}

const groupCommits = new WeakMap<Kysely<Database>, SqliteGroupCommit>();

/**
 * Runs `work` atomically. In a caller's transaction: inside a savepoint, rolled back on error (the
 * caller's transaction stays usable, also on PostgreSQL). Otherwise on PostgreSQL in a transaction
 * of its own, retried on serialization failures and deadlocks (none is expected: accounts are locked
 * in ascending id order); on SQLite through the group commit above. Kysely's SQLite driver hands its
 * single connection to one transaction at a time, so concurrent callers on one handle queue up and
 * never interleave.
 */
export async function ledgerAtomic<T>(db: LedgerDb, work: Work<T>, merge?: MergeableTransfers): Promise<T> {
  if (db.isTransaction) return inSavepoint(db as Transaction<Database>, work);
  if (!isPostgres(db)) {
    let group = groupCommits.get(db);
    if (!group) {
      group = new SqliteGroupCommit(db);
      groupCommits.set(db, group);
    }
    return group.run(work, merge);
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (attempt >= 3 || typeof code !== 'string' || !RETRYABLE_POSTGRES_CODES.has(code)) throw error;
    }
  }
}
