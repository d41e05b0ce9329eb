import { sql } from 'kysely';
import { isPostgres, type AnyDb } from '../migration-support';

/**
 * SQLite: receipts become a WITHOUT ROWID table, keyed by (handler, event_id) alone. Batch handlers
 * (docs/realtime.md) write one receipt per event and handler, as often as spins are played: one b-tree
 * insert per receipt instead of two (the rowid table and its primary-key index). PostgreSQL keeps its
 * table (a heap and its primary key either way).
 */
export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) return;
  await sql`create table domain_event_receipts_new (handler varchar(100) not null, event_id bigint not null, handled_at_ms bigint not null, constraint domain_event_receipts_pk primary key (handler, event_id)) without rowid`.execute(db);
  await sql`insert into domain_event_receipts_new (handler, event_id, handled_at_ms) select handler, event_id, handled_at_ms from domain_event_receipts`.execute(db);
  await sql`drop table domain_event_receipts`.execute(db);
  await sql`alter table domain_event_receipts_new rename to domain_event_receipts`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) return;
  await sql`create table domain_event_receipts_old (handler varchar(100) not null, event_id bigint not null, handled_at_ms bigint not null, constraint domain_event_receipts_pk primary key (handler, event_id))`.execute(db);
  await sql`insert into domain_event_receipts_old (handler, event_id, handled_at_ms) select handler, event_id, handled_at_ms from domain_event_receipts`.execute(db);
  await sql`drop table domain_event_receipts`.execute(db);
  await sql`alter table domain_event_receipts_old rename to domain_event_receipts`.execute(db);
}
