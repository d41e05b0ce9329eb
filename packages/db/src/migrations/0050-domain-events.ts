import { isPostgres, type AnyDb } from '../migration-support';

/** The event outbox (docs/realtime.md) and the receipts that make its handlers idempotent. */
export async function up(db: AnyDb): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable('domain_events')
    .addColumn('id', pg ? 'bigserial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('type', 'varchar(100)', (c) => c.notNull())
    .addColumn('player_id', 'integer')
    .addColumn('payload_json', 'text', (c) => c.notNull())
    .addColumn('push_json', 'text')
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('dispatched_at_ms', 'bigint')
    .addColumn('pushed_at_ms', 'bigint')
    .addColumn('claimed_until_ms', 'bigint')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'varchar(1000)')
    .execute();
  // The dispatcher only ever looks for undispatched rows: keep that lookup small as the table grows.
  await db.schema.createIndex('domain_events_undispatched').on('domain_events').columns(['dispatched_at_ms', 'id']).execute();
  await db.schema.createIndex('domain_events_player').on('domain_events').columns(['player_id', 'id']).execute();

  await db.schema
    .createTable('domain_event_receipts')
    .addColumn('handler', 'varchar(100)', (c) => c.notNull())
    .addColumn('event_id', 'bigint', (c) => c.notNull())
    .addColumn('handled_at_ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('domain_event_receipts_pk', ['handler', 'event_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('domain_event_receipts').execute();
  await db.schema.dropTable('domain_events').execute();
}
