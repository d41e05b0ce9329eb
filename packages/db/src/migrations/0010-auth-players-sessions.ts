import { isPostgres, type AnyDb } from '../migration-support';

/** SQLite wants INTEGER PRIMARY KEY AUTOINCREMENT, PostgreSQL a serial column. */
export async function up(db: AnyDb): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable('players')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('email_normalized', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('birthday', 'varchar(10)', (c) => c.notNull())
    .addColumn('login', 'varchar(64)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)')
    .addColumn('primary_contact', 'varchar(10)', (c) => c.notNull().defaultTo('email'))
    .addColumn('email_confirmed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('phone_confirmed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('account_status', 'varchar(20)', (c) => c.notNull().defaultTo('ACTIVE'))
    .addColumn('game_mode', 'varchar(20)', (c) => c.notNull().defaultTo('TournamentPoints'))
    .addColumn('registration_complete', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('funnel_type', 'varchar(32)', (c) => c.notNull().defaultTo('standard'))
    .addColumn('registration_source', 'varchar(64)')
    .addColumn('traffic_source', 'varchar(64)')
    .addColumn('is_affiliate', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('invited_by_code', 'varchar(64)')
    .addColumn('referral_code', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id').onDelete('cascade'))
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('expires_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(512)')
    .execute();
  await db.schema.createIndex('sessions_player_id').on('sessions').column('player_id').execute();
  await db.schema.createIndex('sessions_expires_at_ms').on('sessions').column('expires_at_ms').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('players').execute();
}
