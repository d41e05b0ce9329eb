import { sql } from 'kysely';
import { isPostgres, type AnyDb } from '../migration-support';

/**
 * The games area (docs/games/play-api.md): catalogue (operator data), favorites, the games cache,
 * provably-fair seeds, game sessions, rounds and the progressive jackpot pools. Money columns are
 * bigint; the money itself only moves through the ledger.
 */
export async function up(db: AnyDb): Promise<void> {
  const pg = isPostgres(db);
  const id = pg ? 'serial' : 'integer';
  const bigId = pg ? 'bigserial' : 'integer';

  await db.schema
    .createTable('game_providers')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('slug', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('tagline', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('image', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('games')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('slug', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('provider_id', 'integer', (c) => c.notNull().references('game_providers.id'))
    .addColumn('image', 'varchar(200)', (c) => c.notNull())
    .addColumn('engine', 'varchar(32)', (c) => c.notNull())
    .addColumn('volatility', 'varchar(16)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('game_issues')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('slug', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('icon', 'varchar(64)')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('game_issue_games')
    .addColumn('issue_id', 'integer', (c) => c.notNull().references('game_issues.id').onDelete('cascade'))
    .addColumn('game_id', 'integer', (c) => c.notNull().references('games.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('game_issue_games_pk', ['issue_id', 'game_id'])
    .execute();

  await db.schema
    .createTable('game_menu_items')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('url', 'varchar(200)', (c) => c.notNull())
    .addColumn('issue_slug', 'varchar(64)')
    .addColumn('icon', 'varchar(64)')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('game_scheme_sections')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('issue_slug', 'varchar(64)', (c) => c.notNull())
    .addColumn('rows_per_slide', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('games_of_week')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('game_id', 'integer', (c) => c.notNull().references('games.id'))
    .addColumn('starts_at_ms', 'bigint', (c) => c.notNull().unique())
    .execute();

  await db.schema
    .createTable('game_favorites')
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id').onDelete('cascade'))
    .addColumn('game_id', 'integer', (c) => c.notNull().references('games.id').onDelete('cascade'))
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('game_favorites_pk', ['player_id', 'game_id'])
    .execute();

  await db.schema
    .createTable('game_cached_payloads')
    .addColumn('group_key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('payload_json', 'text', (c) => c.notNull())
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('fairness_seeds')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('server_seed', 'varchar(64)', (c) => c.notNull())
    .addColumn('server_seed_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('client_seed', 'varchar(64)', (c) => c.notNull())
    .addColumn('next_nonce', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('revealed_at_ms', 'bigint')
    .addCheckConstraint('fairness_seeds_status', sql`status in ('active', 'revealed')`)
    .execute();
  // One active seed per player.
  await sql`create unique index fairness_seeds_active on fairness_seeds (player_id) where status = 'active'`.execute(db);

  await db.schema
    .createTable('game_sessions')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('token', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('game_id', 'integer', (c) => c.notNull().references('games.id'))
    .addColumn('currency', 'varchar(2)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('feature_state_json', 'text')
    .addColumn('rounds_played', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('closed_at_ms', 'bigint')
    .addCheckConstraint('game_sessions_currency', sql`currency in ('GC', 'FC')`)
    .addCheckConstraint('game_sessions_status', sql`status in ('open', 'closed')`)
    .execute();
  // At most one open session per player, game and currency.
  await sql`create unique index game_sessions_open on game_sessions (player_id, game_id, currency) where status = 'open'`.execute(db);

  await db.schema
    .createTable('game_rounds')
    .addColumn('id', bigId, (c) => c.primaryKey())
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('session_id', 'integer', (c) => c.notNull().references('game_sessions.id'))
    .addColumn('game_id', 'integer', (c) => c.notNull().references('games.id'))
    .addColumn('currency', 'varchar(2)', (c) => c.notNull())
    .addColumn('idempotency_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('bet', 'bigint', (c) => c.notNull())
    .addColumn('stake', 'bigint', (c) => c.notNull())
    .addColumn('win', 'bigint', (c) => c.notNull())
    .addColumn('jackpot_contribution', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('jackpot_win', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('step', 'varchar(16)', (c) => c.notNull())
    .addColumn('bought', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('seed_id', 'integer', (c) => c.notNull().references('fairness_seeds.id'))
    .addColumn('nonce', 'bigint', (c) => c.notNull())
    .addColumn('state_before_json', 'text')
    .addColumn('outcome_json', 'text', (c) => c.notNull())
    .addColumn('balance_after', 'bigint', (c) => c.notNull())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('game_rounds_player_key', ['player_id', 'idempotency_key'])
    .addCheckConstraint('game_rounds_amounts', sql`bet > 0 and stake >= 0 and win >= 0 and jackpot_contribution >= 0 and jackpot_win >= 0`)
    .execute();
  await db.schema.createIndex('game_rounds_player_game').on('game_rounds').columns(['player_id', 'game_id', 'id']).execute();
  await db.schema.createIndex('game_rounds_seed_nonce').on('game_rounds').columns(['seed_id', 'nonce']).unique().execute();
  // Last winners: only rows with a win are indexed.
  await sql`create index game_rounds_wins on game_rounds (id) where win > 0`.execute(db);

  await db.schema
    .createTable('jackpot_pools')
    .addColumn('currency', 'varchar(2)', (c) => c.primaryKey())
    .addColumn('seed_amount', 'bigint', (c) => c.notNull())
    .addColumn('won_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_won_amount', 'bigint')
    .addColumn('last_won_at_ms', 'bigint')
    .addColumn('last_pushed_at_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}
