import { CompiledQuery, PostgresAdapter, type Kysely, type Transaction } from 'kysely';
import { RawSqliteAdapter } from './connection';
import type { Database } from './schema';

/**
 * Hand-written SQL for the money hot path (ledger, spin, outbox), run the fastest way each dialect
 * allows (ADR 0002). The statements and the logic around them are the same for both dialects; only
 * how a statement runs differs:
 *
 * - SQLite inside a transaction: a cached better-sqlite3 prepared statement, run synchronously on the
 *   connection the transaction holds. Kysely's driver gives that single connection to one transaction
 *   at a time, so no other request's statement can interleave. No query building, no promise per
 *   statement, no result mapping.
 * - Otherwise (PostgreSQL, or SQLite outside a transaction): the same text through Kysely's executor
 *   (`CompiledQuery.raw`), so the connection pool or mutex still applies. `?` placeholders become
 *   `$1…` for PostgreSQL.
 *
 * SQL text must use `?` only as placeholders. Values are bound as they are: numbers, strings, null.
 */
export type MaybePromise<T> = T | Promise<T>;

export interface Statements {
  readonly postgres: boolean;
  /** Rows of a statement that returns rows (SELECT, or a write with RETURNING). */
  all<Row>(text: string, params: readonly unknown[]): MaybePromise<Row[]>;
  /** Runs a write without RETURNING; answers the number of rows it changed. */
  run(text: string, params: readonly unknown[]): MaybePromise<number>;
}

type Db = Kysely<Database> | Transaction<Database>;

const postgresTexts = new Map<string, string>();

function postgresText(text: string): string {
  let converted = postgresTexts.get(text);
  if (converted === undefined) {
    let n = 0;
    converted = text.replace(/\?/g, () => `$${++n}`);
    if (postgresTexts.size > 2000) postgresTexts.clear();
    postgresTexts.set(text, converted);
  }
  return converted;
}

function throughKysely(db: Db, postgres: boolean): Statements {
  const compile = (text: string, params: readonly unknown[]) => CompiledQuery.raw(postgres ? postgresText(text) : text, [...params]);
  return {
    postgres,
    all: async <Row>(text: string, params: readonly unknown[]) => (await db.executeQuery<Row>(compile(text, params))).rows,
    run: async (text, params) => Number((await db.executeQuery(compile(text, params))).numAffectedRows ?? 0),
  };
}

const direct = new WeakMap<RawSqliteAdapter, Statements>();

function onSqliteConnection(adapter: RawSqliteAdapter): Statements {
  let statements = direct.get(adapter);
  if (!statements) {
    const cache = adapter.statements;
    statements = {
      postgres: false,
      all: <Row>(text: string, params: readonly unknown[]) => cache.prepare(text).all(...params) as Row[],
      run: (text, params) => cache.prepare(text).run(...params).changes,
    };
    direct.set(adapter, statements);
  }
  return statements;
}

/** How to run hot-path statements on `db` (see above); inside a SQLite transaction they run synchronously. */
export function statementsOf(db: Db): Statements {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof RawSqliteAdapter && db.isTransaction) return onSqliteConnection(adapter);
  return throughKysely(db, adapter instanceof PostgresAdapter);
}

/**
 * Rows in chunks whose sizes are powers of two, at most `max` each (37 rows: 32, 4, 1): a multi-row
 * statement's text depends only on its row count, so a batch writer prepares a handful of texts.
 */
export function powerOfTwoChunks<T>(rows: readonly T[], max = 64): T[][] {
  const chunks: T[][] = [];
  let start = 0;
  while (start < rows.length) {
    let size = max;
    while (size > rows.length - start) size >>= 1;
    chunks.push(rows.slice(start, start + size));
    start += size;
  }
  return chunks;
}

/** `(?, ?, ?), (?, ?, ?)`: the values list of a multi-row insert of `rows` rows of `columns` columns. */
export function valuesList(rows: number, columns: number): string {
  const row = `(${Array.from({ length: columns }, () => '?').join(', ')})`;
  return Array.from({ length: rows }, () => row).join(', ');
}
