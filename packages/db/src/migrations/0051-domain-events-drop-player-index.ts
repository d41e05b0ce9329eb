import type { AnyDb } from '../migration-support';

/**
 * `domain_events_player` (player_id, id) was read by nothing: the dispatcher reads undispatched rows
 * by `domain_events_undispatched`, and no query filters events by player. Every spin writes one or
 * two events, and each entry of this index landed on its player's page, one more page written per
 * player at every commit (docs/benchmarks.md, "Where a spin's database time goes").
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('domain_events_player').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.createIndex('domain_events_player').on('domain_events').columns(['player_id', 'id']).execute();
}
