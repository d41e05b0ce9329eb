import { sql } from 'kysely';
import { isPostgres, type AnyDb } from '../../migration-support';

/** The free entry's requests: one row per request, unique per player, channel, day and slot. */
export async function up(db: AnyDb): Promise<void> {
  const id = isPostgres(db) ? 'serial' : 'integer';
  await db.schema
    .createTable('free_entry_requests')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('channel', 'varchar(6)', (c) => c.notNull())
    .addColumn('code', 'varchar(12)', (c) => c.notNull().unique())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('slot', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('received_at_ms', 'bigint')
    .addColumn('due_at_ms', 'bigint')
    .addColumn('expires_at_ms', 'bigint')
    .addColumn('decided_at_ms', 'bigint')
    .addColumn('decided_by', 'integer')
    .addColumn('reject_reason', 'varchar(500)')
    .addUniqueConstraint('free_entry_requests_player_day_slot', ['player_id', 'channel', 'day', 'slot'])
    .addCheckConstraint(
      'free_entry_requests_values',
      sql`channel in ('online', 'mail') and status in ('awaiting_letter', 'received', 'credited', 'rejected') and amount_cents > 0 and slot >= 1`,
    )
    .execute();
  await db.schema.createIndex('free_entry_requests_player').on('free_entry_requests').columns(['player_id', 'id']).execute();
  await db.schema.createIndex('free_entry_requests_queue').on('free_entry_requests').columns(['status', 'due_at_ms']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('free_entry_requests').execute();
}
