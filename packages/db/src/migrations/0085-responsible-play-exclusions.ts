import { sql } from 'kysely';
import { isPostgres, type AnyDb } from '../migration-support';

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

  if (pg) {
    await sql`create function responsible_play_exclusions_append_only() returns trigger language plpgsql as $$
      begin raise exception 'responsible_play_exclusions is append-only'; end $$`.execute(db);
    await sql`create trigger responsible_play_exclusions_no_change before update or delete on responsible_play_exclusions
      for each row execute function responsible_play_exclusions_append_only()`.execute(db);
  } else {
    await sql`create trigger responsible_play_exclusions_no_update before update on responsible_play_exclusions
      begin select raise(abort, 'responsible_play_exclusions is append-only'); end`.execute(db);
    await sql`create trigger responsible_play_exclusions_no_delete before delete on responsible_play_exclusions
      begin select raise(abort, 'responsible_play_exclusions is append-only'); end`.execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('responsible_play_exclusions').execute();
  if (isPostgres(db)) await sql`drop function if exists responsible_play_exclusions_append_only()`.execute(db);
}
