import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
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
 * statement of an identical SQL text. Only Kysely sees this wrapper: it runs statements one at a time
 * and never switches their modes; a statement still iterating is not handed out twice.
 */
function withStatementCache(sqlite: SQLite.Database, max = 500): { close(): void; prepare(source: string): SQLite.Statement } {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare: (source: string) => {
      const hit = cache.get(source);
      if (hit && !hit.busy) return hit;
      const statement = sqlite.prepare(source);
      if (!hit && cache.size >= max) cache.delete(cache.keys().next().value as string);
      cache.set(source, statement);
      return statement;
    },
  };
}

/** Opens the database named by a DATABASE_URL; SQLite in WAL mode with foreign keys on. */
export function openDatabase(url: string, options: { poolSize?: number } = {}): DatabaseHandle {
  const { dialect, target } = parseDatabaseUrl(url);
  if (dialect === 'sqlite') {
    if (target !== ':memory:') mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
    const sqlite = new SQLite(target);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    return handle(new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) }), dialect, url);
  }
  const pool = new pg.Pool({ connectionString: target, max: options.poolSize ?? 10 });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  return handle(new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect, url);
}

function handle(db: Kysely<Database>, dialect: DialectName, url: string): DatabaseHandle {
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
    close: () => db.destroy(),
  };
}
