import { sql } from 'kysely';
import type { AnyDb } from '../../migration-support';

/** The wheel of treasure: player state, spins, extra-wheel offers, settings. */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('wheel_of_treasure_players')
    .addColumn('player_id', 'integer', (c) => c.primaryKey().references('players.id'))
    .addColumn('last_daily_spin_day', 'varchar(10)')
    .addColumn('rounds_day', 'varchar(10)')
    .addColumn('rounds', 'integer', (c) => c.notNull())
    .addColumn('extra_spins', 'integer', (c) => c.notNull())
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .addCheckConstraint('wheel_of_treasure_players_counts', sql`rounds >= 0 and extra_spins >= 0`)
    .execute();
  await db.schema
    .createTable('wheel_of_treasure_spins')
    .addColumn('spin_key', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('draw_id', 'integer', (c) => c.notNull().references('reward_draws.id'))
    .addColumn('booster_draw_id', 'integer')
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('wheel_of_treasure_spins_player').on('wheel_of_treasure_spins').columns(['player_id', 'created_at_ms']).execute();
  await db.schema
    .createTable('wheel_of_treasure_offers')
    .addColumn('package_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('spins', 'integer', (c) => c.notNull())
    .addCheckConstraint('wheel_of_treasure_offers_spins', sql`spins > 0 and spins <= 100`)
    .execute();
  await db.schema
    .createTable('wheel_of_treasure_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('booster_rounds', 'integer', (c) => c.notNull())
    .addColumn('finishes_at_ms', 'bigint')
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .addCheckConstraint('wheel_of_treasure_settings_one', sql`id = 1 and booster_rounds >= 0`)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['wheel_of_treasure_settings', 'wheel_of_treasure_offers', 'wheel_of_treasure_spins', 'wheel_of_treasure_players']) await db.schema.dropTable(table).execute();
}
