import type { AnyDb } from '../../migration-support';

/**
 * The positions push goes out at most once a second per run, to the players whose standing changed
 * in that second: a range read of this index, not a scan of a run's (up to 100,000) entries.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.createIndex('tournament_entries_updated').on('tournament_entries').columns(['run_id', 'updated_at_ms']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('tournament_entries_updated').execute();
}
