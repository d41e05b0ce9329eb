import { sql } from 'kysely';
import type { AnyDb } from '../../migration-support';

/**
 * The wheel of treasure, second step: one row per purchase that credited extra spins (so a payment credits them once), and at
 * most one free daily spin per player and day in the data itself.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('wheel_of_treasure_purchases')
    .addColumn('payment_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('package_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('spins', 'integer', (c) => c.notNull())
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addCheckConstraint('wheel_of_treasure_purchases_spins', sql`spins > 0`)
    .execute();
  await db.schema.createIndex('wheel_of_treasure_spins_one_daily').on('wheel_of_treasure_spins').columns(['player_id', 'day']).unique().where(sql.ref('kind'), '=', 'daily').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('wheel_of_treasure_spins_one_daily').execute();
  await db.schema.dropTable('wheel_of_treasure_purchases').execute();
}
