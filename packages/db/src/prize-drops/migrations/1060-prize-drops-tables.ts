import { sql } from 'kysely';
import { isPostgres, type AnyDb } from '../../migration-support';

/** Prize drops: rules, daily pools, tiers released and awarded, prizes won (guards in CHECKs and unique keys). */
export async function up(db: AnyDb): Promise<void> {
  const id = isPostgres(db) ? 'serial' : 'integer';
  await db.schema
    .createTable('prize_drops_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('tiers_json', 'text', (c) => c.notNull())
    .addColumn('minimal_level', 'integer', (c) => c.notNull())
    .addColumn('minimum_stake', 'bigint', (c) => c.notNull())
    .addColumn('chance_divisor', 'bigint', (c) => c.notNull())
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .addCheckConstraint('prize_drops_settings_one', sql`id = 1 and minimal_level >= 0 and minimum_stake >= 1 and chance_divisor >= 1`)
    .execute();
  await db.schema
    .createTable('prize_drops_days')
    .addColumn('day', 'varchar(10)', (c) => c.primaryKey())
    .addColumn('day_start_ms', 'bigint', (c) => c.notNull())
    .addColumn('day_end_ms', 'bigint', (c) => c.notNull())
    .addColumn('blocks', 'integer', (c) => c.notNull())
    .addColumn('pool', 'bigint', (c) => c.notNull())
    .addColumn('paid', 'bigint', (c) => c.notNull())
    .addColumn('server_seed', 'varchar(64)', (c) => c.notNull())
    .addColumn('server_seed_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('opened_at_ms', 'bigint', (c) => c.notNull())
    .addCheckConstraint('prize_drops_days_pool', sql`paid >= 0 and paid <= pool`)
    .execute();
  await db.schema
    .createTable('prize_drops_tiers')
    .addColumn('day', 'varchar(10)', (c) => c.notNull().references('prize_drops_days.day'))
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('released', 'integer', (c) => c.notNull())
    .addColumn('awarded', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('prize_drops_tiers_pk', ['day', 'level'])
    .addCheckConstraint('prize_drops_tiers_counts', sql`awarded >= 0 and awarded <= released and released <= total and level in (1, 2, 3)`)
    .execute();
  await db.schema
    .createTable('prize_drops_wins')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('day', 'varchar(10)', (c) => c.notNull().references('prize_drops_days.day'))
    .addColumn('block', 'integer', (c) => c.notNull())
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('round_id', 'bigint', (c) => c.notNull().unique())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .addColumn('ticket', 'bigint', (c) => c.notNull())
    .addColumn('threshold', 'bigint', (c) => c.notNull())
    .addColumn('divisor', 'bigint', (c) => c.notNull())
    .addColumn('tier_ticket', 'integer', (c) => c.notNull())
    .addColumn('player_name', 'varchar(40)', (c) => c.notNull())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('prize_drops_wins_player_hour', ['day', 'block', 'player_id'])
    .execute();
  await db.schema.createIndex('prize_drops_wins_player').on('prize_drops_wins').columns(['player_id', 'id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['prize_drops_wins', 'prize_drops_tiers', 'prize_drops_days', 'prize_drops_settings']) await db.schema.dropTable(table).execute();
}
