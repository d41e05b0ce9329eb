import { sql } from 'kysely';
import { isPostgres, type AnyDb } from '../../migration-support';

/** The rewards engine (docs/rewards.md): prize tables, budgets, draws, free-spin grants, notices. */
export async function up(db: AnyDb): Promise<void> {
  const pg = isPostgres(db);
  const id = pg ? 'serial' : 'integer';
  await db.schema
    .createTable('reward_tables')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('slug', 'varchar(64)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('feature', 'varchar(64)', (c) => c.notNull())
    .addColumn('segments_json', 'text', (c) => c.notNull())
    .addColumn('fallback_segment', 'integer', (c) => c.notNull())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addUniqueConstraint('reward_tables_slug_version', ['slug', 'version'])
    .execute();

  await db.schema
    .createTable('reward_budgets')
    .addColumn('feature', 'varchar(64)', (c) => c.notNull())
    .addColumn('currency', 'varchar(2)', (c) => c.notNull())
    .addColumn('daily_limit', 'bigint', (c) => c.notNull())
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('reward_budgets_pk', ['feature', 'currency'])
    .addCheckConstraint('reward_budgets_limit', sql`daily_limit >= 0 and currency in ('GC', 'FC')`)
    .execute();

  await db.schema
    .createTable('reward_budget_spend')
    .addColumn('feature', 'varchar(64)', (c) => c.notNull())
    .addColumn('currency', 'varchar(2)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('spent', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('reward_budget_spend_pk', ['feature', 'currency', 'day'])
    .addCheckConstraint('reward_budget_spend_positive', sql`spent >= 0`)
    .execute();

  await db.schema
    .createTable('reward_draws')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('feature', 'varchar(64)', (c) => c.notNull())
    .addColumn('table_id', 'integer', (c) => c.notNull().references('reward_tables.id'))
    .addColumn('segment_index', 'integer', (c) => c.notNull())
    .addColumn('ticket', 'bigint', (c) => c.notNull())
    .addColumn('prize_json', 'text', (c) => c.notNull())
    .addColumn('multiplier', 'integer', (c) => c.notNull())
    .addColumn('fell_back', 'integer', (c) => c.notNull())
    .addColumn('seed_id', 'integer', (c) => c.notNull().references('fairness_seeds.id'))
    .addColumn('nonce', 'bigint', (c) => c.notNull())
    .addColumn('parent_draw_id', 'integer')
    .addColumn('idempotency_key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reward_draws_player').on('reward_draws').columns(['player_id', 'id']).execute();

  await db.schema
    .createTable('free_spin_grants')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('game_id', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(2)', (c) => c.notNull())
    .addColumn('bet_level', 'integer', (c) => c.notNull())
    .addColumn('spins_total', 'integer', (c) => c.notNull())
    .addColumn('spins_remain', 'integer', (c) => c.notNull())
    .addColumn('expires_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('source_feature', 'varchar(64)', (c) => c.notNull())
    .addColumn('source_key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .addCheckConstraint('free_spin_grants_counts', sql`spins_remain >= 0 and spins_remain <= spins_total and status in ('active', 'used', 'expired')`)
    .execute();
  await db.schema.createIndex('free_spin_grants_player').on('free_spin_grants').columns(['player_id', 'status']).execute();
  await db.schema.createIndex('free_spin_grants_expiry').on('free_spin_grants').columns(['status', 'expires_at_ms']).execute();

  await db.schema
    .createTable('reward_notices')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('feature', 'varchar(64)', (c) => c.notNull())
    .addColumn('prize_json', 'text', (c) => c.notNull())
    .addColumn('notice_key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('read_at_ms', 'bigint')
    .execute();
  await db.schema.createIndex('reward_notices_player').on('reward_notices').columns(['player_id', 'id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['reward_notices', 'free_spin_grants', 'reward_draws', 'reward_budget_spend', 'reward_budgets', 'reward_tables']) await db.schema.dropTable(table).execute();
}
