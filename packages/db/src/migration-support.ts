import { PostgresAdapter, sql, type Kysely } from 'kysely';

/** Migrations run on whatever schema the database has at that point. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on any schema
export type AnyDb = Kysely<any>;

/** True on PostgreSQL: the few places where the two dialects need different DDL. */
export function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Makes `table` append-only (an audit trail or the ledger): triggers refuse UPDATE and DELETE on
 * both dialects. PostgreSQL: function `<table>_append_only()` and trigger `<table>_<postgresTrigger>`;
 * SQLite: triggers `<table>_no_update` and `<table>_no_delete`. `table` is one of our own names.
 */
export async function makeAppendOnly(db: AnyDb, table: string, postgresTrigger: 'no_change' | 'no_update' = 'no_change'): Promise<void> {
  if (!/^[a-z_]+$/.test(table)) throw new Error(`not a table name: ${table}`);
  const name = sql.raw(table);
  const message = sql.lit(`${table} is append-only`);
  if (isPostgres(db)) {
    await sql`create function ${sql.raw(`${table}_append_only`)}() returns trigger language plpgsql as $$
      begin raise exception ${message}; end $$`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_${postgresTrigger}`)} before update or delete on ${name}
      for each row execute function ${sql.raw(`${table}_append_only`)}()`.execute(db);
  } else {
    await sql`create trigger ${sql.raw(`${table}_no_update`)} before update on ${name}
      begin select raise(abort, ${message}); end`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_no_delete`)} before delete on ${name}
      begin select raise(abort, ${message}); end`.execute(db);
  }
}

/** The PostgreSQL function `makeAppendOnly` created (its triggers go with the table). */
export async function dropAppendOnlyFunction(db: AnyDb, table: string): Promise<void> {
  if (isPostgres(db)) await sql`drop function if exists ${sql.raw(`${table}_append_only`)}()`.execute(db);
}
