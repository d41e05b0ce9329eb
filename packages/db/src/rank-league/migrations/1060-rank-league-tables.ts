import { sql } from 'kysely';
import { isPostgres, type AnyDb } from '../../migration-support';

/** The VIP rank league: rules versions, settings, players, period play, closed periods, cashback. */
export async function up(db: AnyDb): Promise<void> {
  const id = isPostgres(db) ? 'serial' : 'integer';
  await db.schema
    .createTable('rank_league_versions')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('rules_json', 'text', (c) => c.notNull())
    .addColumn('effective_from_ms', 'bigint', (c) => c.notNull())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rank_league_versions_effective').on('rank_league_versions').columns(['effective_from_ms', 'id']).execute();
  await db.schema
    .createTable('rank_league_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .addCheckConstraint('rank_league_settings_one', sql`id = 1`)
    .execute();
  await db.schema
    .createTable('rank_league_players')
    .addColumn('player_id', 'integer', (c) => c.primaryKey().references('players.id'))
    .addColumn('experience_milli', 'bigint', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('section', 'integer', (c) => c.notNull())
    .addColumn('section_since_ms', 'bigint', (c) => c.notNull())
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .addCheckConstraint('rank_league_players_values', sql`experience_milli >= 0 and level >= 1 and section >= 1`)
    .execute();
  await db.schema
    .createTable('rank_league_period_play')
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('period_key', 'varchar(10)', (c) => c.notNull())
    .addColumn('gc_wagered', 'bigint', (c) => c.notNull())
    .addColumn('gc_won', 'bigint', (c) => c.notNull())
    .addColumn('fc_wagered', 'bigint', (c) => c.notNull())
    .addColumn('fc_won', 'bigint', (c) => c.notNull())
    .addColumn('experience_milli', 'bigint', (c) => c.notNull())
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('rank_league_period_play_pk', ['period_key', 'player_id'])
    .execute();
  await db.schema
    .createTable('rank_league_periods')
    .addColumn('period_key', 'varchar(10)', (c) => c.primaryKey())
    .addColumn('closed_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('version_id', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('rank_league_cashback')
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('period_key', 'varchar(10)', (c) => c.notNull())
    .addColumn('section', 'integer', (c) => c.notNull())
    .addColumn('rate_bp', 'integer', (c) => c.notNull())
    .addColumn('gold_coins', 'bigint', (c) => c.notNull())
    .addColumn('fortune_cents', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('calculated_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('expires_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('settled_at_ms', 'bigint')
    .addPrimaryKeyConstraint('rank_league_cashback_pk', ['player_id', 'period_key'])
    .addCheckConstraint('rank_league_cashback_values', sql`gold_coins >= 0 and fortune_cents >= 0 and (gold_coins > 0 or fortune_cents > 0) and status in ('available', 'claimed', 'expired')`)
    .execute();
  await db.schema.createIndex('rank_league_cashback_period').on('rank_league_cashback').columns(['period_key', 'status']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['rank_league_cashback', 'rank_league_periods', 'rank_league_period_play', 'rank_league_players', 'rank_league_settings', 'rank_league_versions']) await db.schema.dropTable(table).execute();
}
