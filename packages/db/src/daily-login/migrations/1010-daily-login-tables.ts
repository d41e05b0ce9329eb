import { sql } from 'kysely';
import { isPostgres, type AnyDb } from '../../migration-support';

/** Daily login prizes: the versioned ladder, claims (one per player and operator day), outage days. */
export async function up(db: AnyDb): Promise<void> {
  const id = isPostgres(db) ? 'serial' : 'integer';
  await db.schema
    .createTable('daily_login_ladders')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull().unique())
    .addColumn('levels_json', 'text', (c) => c.notNull())
    .addColumn('grace_days', 'integer', (c) => c.notNull())
    .addColumn('after_last', 'varchar(4)', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('finishes_at_ms', 'bigint')
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addCheckConstraint('daily_login_ladders_rules', sql`grace_days >= 0 and grace_days <= 7 and after_last in ('wrap', 'hold')`)
    .execute();
  await db.schema
    .createTable('daily_login_claims')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('ladder_id', 'integer', (c) => c.notNull().references('daily_login_ladders.id'))
    .addColumn('prize_json', 'text', (c) => c.notNull())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('daily_login_claims_player_day', ['player_id', 'day'])
    .execute();
  await db.schema
    .createTable('daily_login_outage_days')
    .addColumn('day', 'varchar(10)', (c) => c.primaryKey())
    .addColumn('reason', 'varchar(500)', (c) => c.notNull())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['daily_login_outage_days', 'daily_login_claims', 'daily_login_ladders']) await db.schema.dropTable(table).execute();
}
