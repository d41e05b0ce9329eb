import { sql } from 'kysely';
import { dropAppendOnlyFunction, isPostgres, makeAppendOnly, type AnyDb } from '../migration-support';

/**
 * Responsible play: the player's own cooling-off periods and self-exclusions (docs/responsible-play.md).
 * `responsible_play_exclusions` is the append-only record of every one started (the audit trail);
 * the player's current state lives in `players.account_status` and, for cooling-off, in
 * `cashier_cooling_off` (read by the cashier).
 */
export async function up(db: AnyDb): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable('responsible_play_exclusions')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => c.primaryKey())
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('period', 'varchar(16)', (c) => c.notNull())
    .addColumn('started_at_ms', 'bigint', (c) => c.notNull())
    // null: permanent.
    .addColumn('until_ms', 'bigint')
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(300)')
    .addCheckConstraint('responsible_play_exclusions_kind', sql`kind in ('cooling_off', 'self_exclusion')`)
    .execute();
  await db.schema.createIndex('responsible_play_exclusions_player').on('responsible_play_exclusions').columns(['player_id', 'id']).execute();

  await makeAppendOnly(db, 'responsible_play_exclusions');
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('responsible_play_exclusions').execute();
  await dropAppendOnlyFunction(db, 'responsible_play_exclusions');
}
