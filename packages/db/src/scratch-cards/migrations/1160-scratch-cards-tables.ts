import { sql } from 'kysely';
import { isPostgres, type AnyDb } from '../../migration-support';

/** Scratch cards: cards with their draws, the per-player lock row, the rules. */
export async function up(db: AnyDb): Promise<void> {
  const id = isPostgres(db) ? 'serial' : 'integer';
  await db.schema
    .createTable('scratch_cards')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('source_key', 'varchar(120)', (c) => c.notNull())
    .addColumn('draw_id', 'integer', (c) => c.notNull().references('reward_draws.id'))
    .addColumn('issued_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('available_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('expires_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('scratched_at_ms', 'bigint')
    .addColumn('scratch_key', 'varchar(200)', (c) => c.unique())
    .addUniqueConstraint('scratch_cards_source', ['player_id', 'source_key'])
    .addCheckConstraint('scratch_cards_source_kind', sql`source in ('purchase', 'free') and available_at_ms <= expires_at_ms`)
    .execute();
  await db.schema.createIndex('scratch_cards_player').on('scratch_cards').columns(['player_id', 'id']).execute();
  await db.schema
    .createTable('scratch_card_players')
    .addColumn('player_id', 'integer', (c) => c.primaryKey().references('players.id'))
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('scratch_card_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('finishes_at_ms', 'bigint')
    .addColumn('purchase_threshold_cents', 'integer')
    .addColumn('free_daily', 'integer', (c) => c.notNull())
    .addColumn('activation_delay_ms', 'bigint', (c) => c.notNull())
    .addColumn('lifetime_ms', 'bigint', (c) => c.notNull())
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .addCheckConstraint('scratch_card_settings_one', sql`id = 1 and activation_delay_ms >= 0 and lifetime_ms > activation_delay_ms`)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['scratch_card_settings', 'scratch_card_players', 'scratch_cards']) await db.schema.dropTable(table).execute();
}
