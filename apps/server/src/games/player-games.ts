import { preparedQuery } from '@sweepstack/db/prepared-query';
import type { Database } from '@sweepstack/db/schema';
import { sql, type Kysely } from 'kysely';

/** How many recent games app init lists. */
export const LAST_GAMES_LIMIT = 12;

/**
 * The player's favorites and recently played games in one statement, compiled once per handle
 * (app init is a hot path: docs/app-data.md).
 */
const selectPlayerGames = preparedQuery((db, playerId: number) =>
  db
    .selectFrom('game_favorites')
    .select([sql<string>`'fav'`.as('kind'), 'game_id', 'created_at_ms as at_ms'])
    .where('player_id', '=', playerId)
    .unionAll(
      db
        .selectFrom('game_sessions')
        .select([sql<string>`'last'`.as('kind'), 'game_id', (eb) => eb.fn.max<number>('updated_at_ms').as('at_ms')])
        .where('player_id', '=', playerId)
        .groupBy('game_id'),
    ),
);

export interface PlayerGames {
  /** Favorites, in the order they were added. */
  favoriteGames: number[];
  /** Favorites, most recently added first. */
  favLast: number[];
  /** Games opened most recently, newest first. */
  lastGames: number[];
}

export async function readPlayerGames(db: Kysely<Database>, playerId: number): Promise<PlayerGames> {
  const rows = await selectPlayerGames(db, playerId);
  const byTime = (a: { at: number; id: number }, b: { at: number; id: number }) => a.at - b.at || a.id - b.id;
  const favorites = rows.filter((r) => r.kind === 'fav').map((r) => ({ id: Number(r.game_id), at: Number(r.at_ms) })).sort(byTime);
  const last = rows.filter((r) => r.kind === 'last').map((r) => ({ id: Number(r.game_id), at: Number(r.at_ms) })).sort((a, b) => -byTime(a, b));
  return { favoriteGames: favorites.map((f) => f.id), favLast: [...favorites].reverse().map((f) => f.id), lastGames: last.slice(0, LAST_GAMES_LIMIT).map((l) => l.id) };
}
