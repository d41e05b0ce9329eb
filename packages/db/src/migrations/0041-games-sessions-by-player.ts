import type { Kysely } from 'kysely';

/**
 * App init lists a player's recent games (max updated_at_ms per game over all their sessions). The
 * only index on game_sessions was the partial one on open sessions, so that read scanned the table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('game_sessions_by_player').on('game_sessions').columns(['player_id', 'game_id', 'updated_at_ms']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('game_sessions_by_player').execute();
}
