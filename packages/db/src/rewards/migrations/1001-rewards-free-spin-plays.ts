import type { AnyDb } from '../../migration-support';

/** Which game rounds were free spins of which grant (docs/rewards.md, Free spins). */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('free_spin_plays')
    .addColumn('round_id', 'integer', (c) => c.primaryKey())
    .addColumn('grant_id', 'integer', (c) => c.notNull().references('free_spin_grants.id'))
    .execute();
  await db.schema.createIndex('free_spin_plays_grant').on('free_spin_plays').column('grant_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('free_spin_plays').execute();
}
