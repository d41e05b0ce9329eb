import type { AnyDb } from '../migration-support';

/**
 * The state every feature module writes for app init (docs/adding-a-feature.md, "App init"): one row
 * per feature site-wide (`feature_status`: is it running, until when…) and one per player and feature
 * (`player_feature_state`: the player's progress), each as JSON the feature owns. App init reads all
 * features' rows at once, so its cost does not grow with the number of features.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('feature_status')
    .addColumn('feature', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('status_json', 'text', (c) => c.notNull())
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('player_feature_state')
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('feature', 'varchar(64)', (c) => c.notNull())
    .addColumn('state_json', 'text', (c) => c.notNull())
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('player_feature_state_pk', ['player_id', 'feature'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('player_feature_state').execute();
  await db.schema.dropTable('feature_status').execute();
}
