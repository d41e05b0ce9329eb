import { isPostgres, type AnyDb } from '../migration-support';

export async function up(db: AnyDb): Promise<void> {
  const pg = isPostgres(db);
  const id = pg ? 'serial' : 'integer';
  await db.schema
    .createTable('auth_tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id').onDelete('cascade'))
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('expires_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('used_at_ms', 'bigint')
    .execute();
  await db.schema.createIndex('auth_tokens_player_kind').on('auth_tokens').columns(['player_id', 'kind']).execute();

  await db.schema
    .createTable('otp_codes')
    .addColumn('id', id, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id').onDelete('cascade'))
    .addColumn('purpose', 'varchar(10)', (c) => c.notNull())
    .addColumn('destination', 'varchar(254)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('expires_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('consumed_at_ms', 'bigint')
    .execute();
  await db.schema.createIndex('otp_codes_player_purpose').on('otp_codes').columns(['player_id', 'purpose']).execute();

  await db.schema
    .createTable('outbox_messages')
    .addColumn('id', id, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('channel', 'varchar(10)', (c) => c.notNull())
    .addColumn('recipient', 'varchar(254)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('sent_at_ms', 'bigint')
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('outbox_messages_recipient').on('outbox_messages').column('recipient').execute();

  await db.schema
    .createTable('auth_throttle_events')
    .addColumn('id', id, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('scope_key', 'varchar(300)', (c) => c.notNull())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('auth_throttle_events_scope').on('auth_throttle_events').columns(['scope_key', 'created_at_ms']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('auth_throttle_events').execute();
  await db.schema.dropTable('outbox_messages').execute();
  await db.schema.dropTable('otp_codes').execute();
  await db.schema.dropTable('auth_tokens').execute();
}
