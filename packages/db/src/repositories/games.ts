import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../schema';
import type { GameIssuesTable, GameMenuItemsTable, GameProvidersTable, GameSchemeSectionsTable, GamesTable } from '../tables/games';

type Db = Kysely<Database> | Transaction<Database>;

/** The catalogue as stored (operator data): what the games payload is built from. */
export interface CatalogueRows {
  providers: Selectable<GameProvidersTable>[];
  games: Selectable<GamesTable>[];
  issues: Selectable<GameIssuesTable>[];
  issueGames: { issue_id: number; game_id: number; position: number }[];
  menu: Selectable<GameMenuItemsTable>[];
  sections: Selectable<GameSchemeSectionsTable>[];
  /** The game of the week's schedule, latest first. */
  gamesOfWeek: { game_id: number; starts_at_ms: number }[];
  /** Descriptions in languages other than English, by locale then game slug (content/games/descriptions.json). */
  descriptions: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

export async function loadCatalogueRows(db: Db): Promise<CatalogueRows> {
  const [providers, games, issues, issueGames, menu, sections, gamesOfWeek, descriptions] = await Promise.all([
    db.selectFrom('game_providers').selectAll().where('is_active', '=', 1).orderBy('position').orderBy('id').execute(),
    db.selectFrom('games').selectAll().where('is_active', '=', 1).orderBy('position').orderBy('id').execute(),
    db.selectFrom('game_issues').selectAll().orderBy('position').orderBy('id').execute(),
    db.selectFrom('game_issue_games').selectAll().orderBy('issue_id').orderBy('position').execute(),
    db.selectFrom('game_menu_items').selectAll().orderBy('position').orderBy('id').execute(),
    db.selectFrom('game_scheme_sections').selectAll().orderBy('position').orderBy('id').execute(),
    db.selectFrom('games_of_week').select(['game_id', 'starts_at_ms']).orderBy('starts_at_ms', 'desc').execute(),
    db.selectFrom('settings').select('value_json').where('key', '=', 'games.descriptions').executeTakeFirst(),
  ]);
  return {
    providers,
    games,
    issues,
    issueGames,
    menu,
    sections,
    gamesOfWeek: gamesOfWeek.map((w) => ({ game_id: Number(w.game_id), starts_at_ms: Number(w.starts_at_ms) })),
    descriptions: descriptions ? (JSON.parse(descriptions.value_json) as CatalogueRows['descriptions']) : {},
  };
}

/** The player's favorite game ids, oldest first. */
export async function listFavoriteGameIds(db: Db, playerId: number): Promise<number[]> {
  const rows = await db.selectFrom('game_favorites').select('game_id').where('player_id', '=', playerId).orderBy('created_at_ms').orderBy('game_id').execute();
  return rows.map((r) => Number(r.game_id));
}

/** Adds the game to the player's favorites, or removes it when it was one; answers the new state. */
export async function toggleFavoriteGame(db: Kysely<Database>, playerId: number, gameId: number, nowMs: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom('game_favorites').where('player_id', '=', playerId).where('game_id', '=', gameId).executeTakeFirst();
    if (Number(removed.numDeletedRows) > 0) return false;
    await trx.insertInto('game_favorites').values({ player_id: playerId, game_id: gameId, created_at_ms: nowMs }).onConflict((oc) => oc.columns(['player_id', 'game_id']).doNothing()).execute();
    return true;
  });
}

/** The games the player opened most recently (one entry per game), newest first. */
export async function listRecentGameIds(db: Db, playerId: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('game_sessions')
    .select(['game_id', (eb) => eb.fn.max('updated_at_ms').as('last_ms')])
    .where('player_id', '=', playerId)
    .groupBy('game_id')
    .orderBy('last_ms', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => Number(r.game_id));
}

export async function readCachedGamesPayload(db: Db, groupKey: string): Promise<string | undefined> {
  const row = await db.selectFrom('game_cached_payloads').select('payload_json').where('group_key', '=', groupKey).executeTakeFirst();
  return row?.payload_json;
}

export async function writeCachedGamesPayload(db: Db, groupKey: string, json: string, nowMs: number): Promise<void> {
  await db
    .insertInto('game_cached_payloads')
    .values({ group_key: groupKey, payload_json: json, updated_at_ms: nowMs })
    .onConflict((oc) => oc.column('group_key').doUpdateSet({ payload_json: json, updated_at_ms: nowMs }))
    .execute();
}

export async function deleteCachedGamesPayload(db: Db, groupKey: string): Promise<void> {
  await db.deleteFrom('game_cached_payloads').where('group_key', '=', groupKey).execute();
}

export interface RecentWin {
  roundId: number;
  login: string;
  gameId: number;
  currency: 'GC' | 'FC';
  amount: number;
  jackpot: boolean;
  createdAtMs: number;
}

/** The latest winning rounds (at least `minAmount` in their currency's smallest unit), newest first. */
export async function listRecentWins(db: Db, limit: number): Promise<RecentWin[]> {
  const rows = await db
    .selectFrom('game_rounds as r')
    .innerJoin('players as p', 'p.id', 'r.player_id')
    .select(['r.id', 'p.login', 'r.game_id', 'r.currency', 'r.win', 'r.jackpot_win', 'r.created_at_ms'])
    .where('r.win', '>', 0)
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ roundId: Number(r.id), login: r.login, gameId: Number(r.game_id), currency: r.currency, amount: Number(r.win), jackpot: Number(r.jackpot_win) > 0, createdAtMs: Number(r.created_at_ms) }));
}
