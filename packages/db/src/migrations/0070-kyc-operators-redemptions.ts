import { dropAppendOnlyFunction, isPostgres, makeAppendOnly, type AnyDb } from '../migration-support';

export async function up(db: AnyDb): Promise<void> {
  const pg = isPostgres(db);
  const id = pg ? 'serial' : 'integer';

  await db.schema
    .createTable('player_profiles')
    .addColumn('player_id', 'integer', (c) => c.primaryKey().references('players.id').onDelete('cascade'))
    .addColumn('name', 'varchar(60)')
    .addColumn('surname', 'varchar(60)')
    .addColumn('birthday', 'varchar(10)')
    .addColumn('zip', 'varchar(10)')
    .addColumn('city', 'varchar(80)')
    .addColumn('address', 'varchar(120)')
    .addColumn('address2', 'varchar(120)')
    .addColumn('state', 'varchar(2)')
    .addColumn('phone', 'varchar(16)')
    .addColumn('activity_reminder_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('verification_status', 'varchar(32)')
    .addColumn('auto_verification_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('auto_verification_available', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('player_documents')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id').onDelete('cascade'))
    .addColumn('storage_key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('content_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('original_name', 'varchar(120)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('reject_reason', 'varchar(500)')
    .addColumn('reviewed_by_operator_id', 'integer')
    .addColumn('reviewed_at_ms', 'bigint')
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('player_documents_player').on('player_documents').columns(['player_id', 'id']).execute();
  await db.schema.createIndex('player_documents_status').on('player_documents').columns(['status', 'id']).execute();

  await db.schema
    .createTable('identity_checks')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('reference', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id').onDelete('cascade'))
    .addColumn('provider', 'varchar(40)', (c) => c.notNull())
    .addColumn('scenario', 'varchar(40)', (c) => c.notNull())
    .addColumn('state', 'varchar(40)', (c) => c.notNull())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('identity_checks_player').on('identity_checks').column('player_id').execute();

  await db.schema
    .createTable('identity_provider_events')
    .addColumn('event_id', 'varchar(80)', (c) => c.primaryKey())
    .addColumn('reference', 'varchar(64)', (c) => c.notNull())
    .addColumn('received_at_ms', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('operators')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('email_normalized', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('operator_sessions')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('operator_id', 'integer', (c) => c.notNull().references('operators.id').onDelete('cascade'))
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('expires_at_ms', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('operator_audit')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('operator_id', 'integer', (c) => c.notNull())
    .addColumn('operator_email', 'varchar(254)', (c) => c.notNull())
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('target_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('target_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('at_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('operator_audit_target').on('operator_audit').columns(['target_type', 'target_id']).execute();

  await db.schema
    .createTable('redemptions')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id').onDelete('cascade'))
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('method', 'varchar(16)', (c) => c.notNull())
    .addColumn('details_json', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('pending_transfer_id', 'bigint', (c) => c.notNull().unique())
    .addColumn('idempotency_key', 'varchar(240)', (c) => c.notNull().unique())
    .addColumn('reason', 'varchar(500)')
    .addColumn('payout_reference', 'varchar(80)')
    .addColumn('resolved_by_operator_id', 'integer')
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('resolved_at_ms', 'bigint')
    .execute();
  await db.schema.createIndex('redemptions_player').on('redemptions').columns(['player_id', 'id']).execute();
  await db.schema.createIndex('redemptions_status').on('redemptions').columns(['status', 'id']).execute();

  await makeAppendOnly(db, 'operator_audit', 'no_update');
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['redemptions', 'operator_audit', 'operator_sessions', 'operators', 'identity_provider_events', 'identity_checks', 'player_documents', 'player_profiles']) {
    await db.schema.dropTable(table).execute();
  }
  await dropAppendOnlyFunction(db, 'operator_audit');
}
