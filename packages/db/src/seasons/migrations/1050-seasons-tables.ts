import { sql } from 'kysely';
import { isPostgres, type AnyDb } from '../../migration-support';

/** Seasons: the seasons, their levels, players' totals and the level prizes paid. */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('seasons')
    .addColumn('id', isPostgres(db) ? 'serial' : 'integer', (c) => c.primaryKey())
    .addColumn('slug', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('title', 'varchar(80)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('starts_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('ends_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('gc_wagered_per_point', 'bigint', (c) => c.notNull())
    .addColumn('fc_cents_wagered_per_point', 'bigint', (c) => c.notNull())
    .addColumn('points_per_dollar', 'bigint', (c) => c.notNull())
    .addColumn('premium_package_id', 'varchar(64)')
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .addCheckConstraint('seasons_window', sql`starts_at_ms < ends_at_ms`)
    .addCheckConstraint('seasons_rates', sql`gc_wagered_per_point > 0 and fc_cents_wagered_per_point > 0 and points_per_dollar >= 0`)
    .addCheckConstraint('seasons_status', sql`status in ('scheduled', 'running', 'ended')`)
    .execute();
  await db.schema.createIndex('seasons_window_idx').on('seasons').columns(['starts_at_ms', 'ends_at_ms']).execute();
  await db.schema
    .createTable('season_levels')
    .addColumn('season_id', 'integer', (c) => c.notNull().references('seasons.id'))
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('points', 'bigint', (c) => c.notNull())
    .addColumn('free_prize_json', 'text', (c) => c.notNull())
    .addColumn('premium_prize_json', 'text')
    .addPrimaryKeyConstraint('season_levels_pk', ['season_id', 'level'])
    .addCheckConstraint('season_levels_level', sql`level between 1 and 12 and points > 0`)
    .execute();
  await db.schema
    .createTable('season_players')
    .addColumn('season_id', 'integer', (c) => c.notNull().references('seasons.id'))
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('wagered_gc', 'bigint', (c) => c.notNull())
    .addColumn('wagered_fc_cents', 'bigint', (c) => c.notNull())
    .addColumn('purchased_cents', 'bigint', (c) => c.notNull())
    .addColumn('points', 'bigint', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('premium_payment_id', 'varchar(200)')
    .addColumn('premium_at_ms', 'bigint')
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('season_players_pk', ['season_id', 'player_id'])
    .addCheckConstraint('season_players_totals', sql`wagered_gc >= 0 and wagered_fc_cents >= 0 and purchased_cents >= 0 and points >= 0 and level between 0 and 12`)
    .execute();
  await db.schema.createIndex('season_players_player').on('season_players').columns(['player_id']).execute();
  await db.schema
    .createTable('season_awards')
    .addColumn('season_id', 'integer', (c) => c.notNull().references('seasons.id'))
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('track', 'varchar(8)', (c) => c.notNull())
    .addColumn('prize_json', 'text', (c) => c.notNull())
    .addColumn('credit_key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('season_awards_pk', ['season_id', 'player_id', 'level', 'track'])
    .addCheckConstraint('season_awards_track', sql`track in ('free', 'premium')`)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['season_awards', 'season_players', 'season_levels', 'seasons']) await db.schema.dropTable(table).execute();
}
