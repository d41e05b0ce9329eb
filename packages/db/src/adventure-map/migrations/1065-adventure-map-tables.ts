import { sql } from 'kysely';
import type { AnyDb } from '../../migration-support';

/** The adventure map: its event and rules, stops, players' points and claimed awards. */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('adventure_map_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('slug', 'varchar(64)', (c) => c.notNull())
    .addColumn('title_json', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('starts_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('ends_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('points_per_round', 'integer', (c) => c.notNull())
    .addColumn('points_per_task', 'integer', (c) => c.notNull())
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .addCheckConstraint('adventure_map_settings_one', sql`id = 1 and points_per_round >= 0 and points_per_task >= 0 and ends_at_ms > starts_at_ms`)
    .execute();
  await db.schema
    .createTable('adventure_map_sections')
    .addColumn('section_index', 'integer', (c) => c.primaryKey())
    .addColumn('points_needed', 'bigint', (c) => c.notNull())
    .addColumn('award_gc', 'bigint', (c) => c.notNull())
    .addColumn('award_fc_cents', 'bigint', (c) => c.notNull())
    .addCheckConstraint('adventure_map_sections_rules', sql`section_index >= 0 and points_needed >= 0 and award_gc >= 0 and award_fc_cents >= 0`)
    .execute();
  await db.schema
    .createTable('adventure_map_players')
    .addColumn('player_id', 'integer', (c) => c.primaryKey().references('players.id'))
    .addColumn('map_slug', 'varchar(64)', (c) => c.notNull())
    .addColumn('points', 'bigint', (c) => c.notNull())
    .addColumn('current_index', 'integer', (c) => c.notNull())
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .addCheckConstraint('adventure_map_players_rules', sql`points >= 0 and current_index >= 0`)
    .execute();
  await db.schema
    .createTable('adventure_map_claims')
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('map_slug', 'varchar(64)', (c) => c.notNull())
    .addColumn('section_index', 'integer', (c) => c.notNull())
    .addColumn('claimed_at_ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('adventure_map_claims_pk', ['player_id', 'map_slug', 'section_index'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['adventure_map_claims', 'adventure_map_players', 'adventure_map_sections', 'adventure_map_settings']) await db.schema.dropTable(table).execute();
}
