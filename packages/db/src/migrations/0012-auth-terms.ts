import { isPostgres, type AnyDb } from '../migration-support';

export async function up(db: AnyDb): Promise<void> {
  const pg = isPostgres(db);
  const id = pg ? 'serial' : 'integer';
  await db.schema
    .createTable('terms_documents')
    .addColumn('id', id, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('url', 'varchar(500)', (c) => c.notNull())
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('terms_acceptances')
    .addColumn('id', id, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id').onDelete('cascade'))
    .addColumn('document_id', 'integer', (c) => c.notNull().references('terms_documents.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('accepted_at_ms', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('terms_acceptances_once', ['player_id', 'document_id', 'version'])
    .execute();

  await db.schema
    .createTable('terms_log')
    .addColumn('id', id, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id').onDelete('cascade'))
    .addColumn('document_id', 'integer', (c) => c.notNull().references('terms_documents.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('shown_at_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('terms_log_player').on('terms_log').column('player_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('terms_log').execute();
  await db.schema.dropTable('terms_acceptances').execute();
  await db.schema.dropTable('terms_documents').execute();
}
