import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema';
import type { PlayersTable } from '../tables/auth';

export type GameMode = PlayersTable['game_mode'];

/** Stores the player's game mode (spec §4 Game mode). */
export async function setPlayerGameMode(db: Kysely<Database> | Transaction<Database>, playerId: number, gameMode: GameMode, nowMs: number): Promise<void> {
  await db.updateTable('players').set({ game_mode: gameMode, updated_at_ms: nowMs }).where('id', '=', playerId).execute();
}
