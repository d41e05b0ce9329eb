import type { AnyDb } from '../migration-support';

/**
 * Each handler's own retry state per event (docs/realtime.md, "Retries"): a failing handler backs off
 * on its own schedule and never holds back the other handlers of the same event, which run and leave
 * their receipts. A row exists only while (or after) a handler failed on an event; it goes with the
 * event when the event is pruned.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('domain_event_handler_retries')
    .addColumn('handler', 'varchar(100)', (c) => c.notNull())
    .addColumn('event_id', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('retry_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('last_error', 'varchar(1000)', (c) => c.notNull())
    .addPrimaryKeyConstraint('domain_event_handler_retries_pk', ['event_id', 'handler'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('domain_event_handler_retries').execute();
}
