import { isPostgres, type AnyDb } from '../../../../migration-support';

/** The fixture feature's table (a real feature's first migration looks like this). */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('fixture_notes')
    .addColumn('id', isPostgres(db) ? 'serial' : 'integer', (c) => c.primaryKey())
    .addColumn('player_id', 'integer', (c) => c.notNull())
    .addColumn('note', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('fixture_notes').execute();
}
