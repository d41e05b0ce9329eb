import { sql } from 'kysely';
import type { AnyDb } from '../../migration-support';

/** Bingo: rules, players' balls, cards (one per player and period), rounds played. */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('bingo_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('stake_per_ball', 'bigint', (c) => c.notNull())
    .addColumn('period_days', 'integer', (c) => c.notNull())
    .addColumn('anchor_day', 'varchar(10)', (c) => c.notNull())
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .addCheckConstraint('bingo_settings_one', sql`id = 1 and stake_per_ball >= 1 and period_days >= 1 and period_days <= 31`)
    .execute();
  await db.schema
    .createTable('bingo_players')
    .addColumn('player_id', 'integer', (c) => c.primaryKey().references('players.id'))
    .addColumn('balls', 'integer', (c) => c.notNull())
    .addColumn('progress', 'bigint', (c) => c.notNull())
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .addCheckConstraint('bingo_players_counts', sql`balls >= 0 and progress >= 0`)
    .execute();
  await db.schema
    .createTable('bingo_cards')
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('period', 'integer', (c) => c.notNull())
    .addColumn('numbers_json', 'text', (c) => c.notNull())
    .addColumn('order_json', 'text', (c) => c.notNull())
    .addColumn('drawn', 'integer', (c) => c.notNull())
    .addColumn('server_seed', 'varchar(64)', (c) => c.notNull())
    .addColumn('server_seed_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('client_seed', 'varchar(64)', (c) => c.notNull())
    .addColumn('lines_json', 'text', (c) => c.notNull())
    .addColumn('full_paid', 'integer', (c) => c.notNull())
    .addColumn('ends_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('bingo_cards_pk', ['player_id', 'period'])
    .addCheckConstraint('bingo_cards_drawn', sql`drawn >= 0 and drawn <= 75`)
    .execute();
  await db.schema
    .createTable('bingo_plays')
    .addColumn('play_key', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('period', 'integer', (c) => c.notNull())
    .addColumn('from_ball', 'integer', (c) => c.notNull())
    .addColumn('to_ball', 'integer', (c) => c.notNull())
    .addColumn('result_json', 'text', (c) => c.notNull())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['bingo_plays', 'bingo_cards', 'bingo_players', 'bingo_settings']) await db.schema.dropTable(table).execute();
}
