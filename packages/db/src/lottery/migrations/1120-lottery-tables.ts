import { sql } from 'kysely';
import { isPostgres, type AnyDb } from '../../migration-support';

/** The promo lottery: draws, tickets (numbered per draw), players' progress, winners' rewards. */
export async function up(db: AnyDb): Promise<void> {
  const id = isPostgres(db) ? 'serial' : 'integer';
  await db.schema
    .createTable('lottery_draws')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('type', 'varchar(8)', (c) => c.notNull())
    .addColumn('status', 'varchar(8)', (c) => c.notNull())
    .addColumn('opens_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('closes_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('seed', 'varchar(64)', (c) => c.notNull())
    .addColumn('seed_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('ticket_list_hash', 'varchar(64)')
    .addColumn('ticket_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('prizes_json', 'text', (c) => c.notNull())
    .addColumn('rates_json', 'text', (c) => c.notNull())
    .addColumn('winners_json', 'text')
    .addColumn('drawn_at_ms', 'bigint')
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('lottery_draws_type_period', ['type', 'opens_at_ms'])
    .addCheckConstraint('lottery_draws_values', sql`type in ('weekly', 'monthly') and status in ('open', 'drawn') and closes_at_ms > opens_at_ms`)
    .execute();
  await db.schema
    .createTable('lottery_tickets')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('draw_id', 'integer', (c) => c.notNull().references('lottery_draws.id'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('source', 'varchar(12)', (c) => c.notNull())
    .addColumn('source_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('lottery_tickets_draw_number', ['draw_id', 'number'])
    .execute();
  await db.schema.createIndex('lottery_tickets_player').on('lottery_tickets').columns(['player_id', 'id']).execute();
  await db.schema.createIndex('lottery_tickets_source').on('lottery_tickets').columns(['draw_id', 'source_key']).execute();
  await db.schema
    .createTable('lottery_progress')
    .addColumn('draw_id', 'integer', (c) => c.notNull().references('lottery_draws.id'))
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('tickets', 'integer', (c) => c.notNull())
    .addColumn('wager_carry_cents', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('lottery_progress_pk', ['draw_id', 'player_id'])
    .execute();
  await db.schema
    .createTable('lottery_rewards')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('draw_id', 'integer', (c) => c.notNull().references('lottery_draws.id'))
    .addColumn('place', 'integer', (c) => c.notNull())
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('ticket_number', 'integer', (c) => c.notNull())
    .addColumn('prize_json', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(8)', (c) => c.notNull())
    .addColumn('taken_at_ms', 'bigint')
    .addUniqueConstraint('lottery_rewards_draw_place', ['draw_id', 'place'])
    .addCheckConstraint('lottery_rewards_status', sql`status in ('pending', 'taken', 'auto')`)
    .execute();
  await db.schema.createIndex('lottery_rewards_player').on('lottery_rewards').columns(['player_id', 'status']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['lottery_rewards', 'lottery_progress', 'lottery_tickets', 'lottery_draws']) await db.schema.dropTable(table).execute();
}
