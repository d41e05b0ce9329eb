import { sql } from 'kysely';
import { dropAppendOnlyFunction, isPostgres, makeAppendOnly, type AnyDb } from '../migration-support';

/**
 * Reality check (docs/responsible-play.md, "Reality check"). `responsible_play_reality_checks` is the
 * append-only record of every interval a player chose and every reminder they answered (with the
 * session start and the summary shown); the interval in force stays in
 * `player_profiles.activity_reminder_minutes`. The index on game rounds by player and time serves the
 * play session's activity and summary (both read only rounds since a moment).
 */
export async function up(db: AnyDb): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable('responsible_play_reality_checks')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => c.primaryKey())
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('at_ms', 'bigint', (c) => c.notNull())
    // interval: the new one; answer: the one in force.
    .addColumn('interval_minutes', 'integer', (c) => c.notNull())
    // interval: the one before (null: never chosen).
    .addColumn('previous_interval_minutes', 'integer')
    .addColumn('choice', 'varchar(16)')
    .addColumn('session_started_at_ms', 'bigint', (c) => c.notNull())
    // answer: when the reminder answered fell due (by the server's rules; later than at_ms if answered early).
    .addColumn('due_at_ms', 'bigint')
    // answer: [{ currency, rounds, staked, won }] in ledger units (GC whole, FC hundredths).
    .addColumn('summary_json', 'text')
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(300)')
    .addCheckConstraint(
      'responsible_play_reality_checks_kind',
      sql`(kind = 'interval' and choice is null and summary_json is null) or (kind = 'answer' and choice in ('continue', 'stop', 'history') and summary_json is not null)`,
    )
    .addCheckConstraint('responsible_play_reality_checks_interval', sql`interval_minutes >= 0 and interval_minutes <= 1440`)
    .execute();
  await db.schema.createIndex('responsible_play_reality_checks_player').on('responsible_play_reality_checks').columns(['player_id', 'id']).execute();
  await db.schema.createIndex('game_rounds_player_time').on('game_rounds').columns(['player_id', 'created_at_ms']).execute();

  // Nothing could set the interval before: every 0 stored is "never chosen", which from now on means
  // the default of 120 minutes (DEFAULT_REALITY_CHECK_MINUTES; a migration keeps its own copy).
  await db.updateTable('player_profiles').set({ activity_reminder_minutes: 120 }).where('activity_reminder_minutes', '=', 0).execute();

  await makeAppendOnly(db, 'responsible_play_reality_checks');
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('game_rounds_player_time').execute();
  await db.schema.dropTable('responsible_play_reality_checks').execute();
  await dropAppendOnlyFunction(db, 'responsible_play_reality_checks');
}
