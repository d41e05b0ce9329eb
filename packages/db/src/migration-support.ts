import { PostgresAdapter, type Kysely } from 'kysely';

/** Migrations run on whatever schema the database has at that point. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on any schema
export type AnyDb = Kysely<any>;

/** True on PostgreSQL: the few places where the two dialects need different DDL. */
export function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
