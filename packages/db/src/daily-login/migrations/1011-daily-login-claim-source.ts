import type { AnyDb } from '../../migration-support';

/**
 * Whether a claim was made by the player or paid automatically when the feature finished with that
 * day's claim open ("nothing earned is lost", docs/rewards.md).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('daily_login_claims').addColumn('automatic', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex('daily_login_claims_day').on('daily_login_claims').column('day').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('daily_login_claims_day').execute();
  await db.schema.alterTable('daily_login_claims').dropColumn('automatic').execute();
}
