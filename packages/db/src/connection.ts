import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type DatabaseConnection, type Driver, Kysely, PostgresDialect, SqliteAdapter, SqliteDialect, type SqliteDialectConfig, sql } from 'kysely';
import pg from 'pg';
import { coalescedWaker, OUTBOX_NOTIFY_CHANNEL, withOutboxWakeOnCommit } from './outbox-wake';
import { BACKSTOP_AUTOCHECKPOINT_PAGES, type BackgroundCheckpoint, startBackgroundCheckpoint } from './background-checkpoint';
import type { Database } from './schema';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  url: string;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

// pg returns BIGINT (int8) as string by default; money columns are int8 and must come back as numbers.
// Values beyond 2^53 would be a broken invariant (coin amounts never get near it), so fail loudly.
pg.types.setTypeParser(20, (value: string) => {
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed)) throw new Error(`int8 value out of safe range: ${value}`);
  return parsed;
});

/** Parses `sqlite:PATH`, `sqlite::memory:` or `postgres://…` into a dialect and its target. */
export function parseDatabaseUrl(url: string): { dialect: DialectName; target: string } {
  if (url.startsWith('sqlite:')) {
    const target = url.slice('sqlite:'.length);
    if (target.length === 0) throw new Error('DATABASE_URL sqlite: needs a file path');
    return { dialect: 'sqlite', target };
  }
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return { dialect: 'postgres', target: url };
  throw new Error('DATABASE_URL must start with sqlite: or postgres://');
}

/**
 * Kysely prepares every query it runs, and better-sqlite3 compiles the SQL on each prepare: for small
 * queries that is a large share of their time (measured in bench/ledger.bench.ts). Reuse the compiled
 * statement of an identical SQL text. Kysely runs statements one at a time and never switches their
 * modes; a statement still iterating is not handed out twice. The hot money path (`statements.ts`)
 * uses the same cache through the adapter below.
 */
export class SqliteStatementCache {
  private readonly cache = new Map<string, SQLite.Statement>();

  constructor(
    readonly sqlite: SQLite.Database,
    private readonly max = 500,
  ) {}

  close(): void {
    this.sqlite.close();
  }

  prepare(source: string): SQLite.Statement {
    const hit = this.cache.get(source);
    if (hit && !hit.busy) return hit;
    const statement = this.sqlite.prepare(source);
    if (!hit && this.cache.size >= this.max) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(source, statement);
    return statement;
  }
}

/**
 * The SQLite adapter of our handles: it carries the better-sqlite3 connection, so that code holding
 * Kysely's single connection (inside a transaction) can run prepared statements on it directly
 * (`statements.ts`, ADR 0002). The adapter is shared by the handle and all its transactions.
 */
export class RawSqliteAdapter extends SqliteAdapter {
  constructor(readonly statements: SqliteStatementCache) {
    super();
  }
}

/**
 * Kysely's SQLite driver guards its single connection with a mutex whose waiters all wake on every
 * release and all but one go back to sleep: with a hundred queued requests each release costs a
 * hundred wake-ups. A FIFO queue in front hands the connection to exactly one waiter, in arrival order.
 */
function withFifoAcquire(driver: Driver): Driver {
  const waiters: (() => void)[] = [];
  let held = false;
  const acquire = driver.acquireConnection.bind(driver);
  const release = driver.releaseConnection.bind(driver);
  driver.acquireConnection = async (): Promise<DatabaseConnection> => {
    if (held) await new Promise<void>((resolve) => waiters.push(resolve));
    held = true;
    return acquire();
  };
  driver.releaseConnection = async (connection: DatabaseConnection): Promise<void> => {
    await release(connection);
    const next = waiters.shift();
    if (next) next();
    else held = false;
  };
  return driver;
}

class RawSqliteDialect extends SqliteDialect {
  constructor(private readonly statements: SqliteStatementCache) {
    super({ database: statements } satisfies SqliteDialectConfig);
  }

  override createDriver(): Driver {
    return withFifoAcquire(super.createDriver());
  }

  override createAdapter(): SqliteAdapter {
    return new RawSqliteAdapter(this.statements);
  }
}

export interface OpenOptions {
  /** PostgreSQL pool size. */
  poolSize?: number;
  /** SQLite file: run WAL checkpoints in a worker thread (background-checkpoint.ts). Default true. */
  backgroundCheckpoint?: boolean;
}

/** PostgreSQL whose driver NOTIFYs the outbox's listeners after a commit that wrote an event (outbox-wake.ts). */
class OutboxWakingPostgresDialect extends PostgresDialect {
  constructor(
    pool: pg.Pool,
    private readonly wake: () => void,
  ) {
    super({ pool });
  }

  override createDriver(): Driver {
    return withOutboxWakeOnCommit(super.createDriver(), this.wake);
  }
}

/**
 * Opens the database named by a DATABASE_URL; SQLite in WAL mode with foreign keys on, its WAL
 * checkpointed by a worker thread (docs/decisions/0004).
 */
export function openDatabase(url: string, options: OpenOptions = {}): DatabaseHandle {
  const { dialect, target } = parseDatabaseUrl(url);
  if (dialect === 'sqlite') {
    if (target !== ':memory:') mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
    const sqlite = new SQLite(target);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    let checkpoint: BackgroundCheckpoint | null = null;
    if (target !== ':memory:' && options.backgroundCheckpoint !== false) {
      sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_AUTOCHECKPOINT_PAGES}`);
      checkpoint = startBackgroundCheckpoint(path.resolve(target));
    }
    // The worker's connection closes first, so that the main connection is the last one and its close
    // checkpoints and removes the WAL.
    return handle(new Kysely<Database>({ dialect: new RawSqliteDialect(new SqliteStatementCache(sqlite)) }), dialect, url, () => checkpoint?.stop());
  }
  const pool = new pg.Pool({ connectionString: target, max: options.poolSize ?? 10 });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const waker = coalescedWaker(() => pool.query("select pg_notify($1, '')", [OUTBOX_NOTIFY_CHANNEL]));
  return handle(new Kysely<Database>({ dialect: new OutboxWakingPostgresDialect(pool, waker.wake) }), dialect, url, async () => waker.close());
}

function handle(db: Kysely<Database>, dialect: DialectName, url: string, beforeClose?: () => Promise<void> | undefined): DatabaseHandle {
  return {
    db,
    dialect,
    url,
    ping: async () => {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      await beforeClose?.();
      await db.destroy();
    },
  };
}
