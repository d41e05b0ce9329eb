import type { Generated } from 'kysely';

/**
 * The games area (docs/games/play-api.md): the catalogue as operator data (providers, games, issue
 * lists, menu, scheme sections, game of the week), favorites, the games cache, game sessions,
 * rounds, provably-fair seeds and the progressive jackpot pools. Booleans are integers 0/1.
 */
export interface GameProvidersTable {
  id: Generated<number>;
  slug: string;
  name: string;
  /** The name in Spanish; null where the name is a brand that reads the same in every language. */
  name_es: string | null;
  tagline: string;
  /** Logo path under the web's public folder. */
  image: string;
  position: number;
  is_active: number;
}

export interface GamesTable {
  id: Generated<number>;
  /** The slug of the game in the studio package's catalogue (`@sweepstack/games/catalogue/games`). */
  slug: string;
  title: string;
  /** The title in Spanish (operator data, content/games/titles-es.json); null shows `title`. */
  title_es: string | null;
  provider_id: number;
  /** Tile art path under the web's public folder. */
  image: string;
  engine: string;
  volatility: string;
  description: string;
  is_active: number;
  position: number;
  created_at_ms: number;
}

/** A list of games (spec §3 issue keys: jackpot, holdNLink, popularGames…). */
export interface GameIssuesTable {
  id: Generated<number>;
  /** The spec's list key (`popularGames`). */
  key: string;
  /** Page name (`popular-games`): `/issues/{pageName}` and the payload's keys. */
  slug: string;
  title: string;
  icon: string | null;
  position: number;
}

export interface GameIssueGamesTable {
  issue_id: number;
  game_id: number;
  position: number;
}

export interface GameMenuItemsTable {
  id: Generated<number>;
  title: string;
  url: string;
  /** The issue the item opens (slug), or null for a plain link. */
  issue_slug: string | null;
  icon: string | null;
  position: number;
}

/** Rows of the lobby and home page, in order, each showing one issue. */
export interface GameSchemeSectionsTable {
  id: Generated<number>;
  key: string;
  title: string;
  issue_slug: string;
  /** Spec §9: rows per slide of the section's carousel. */
  rows_per_slide: number;
  position: number;
}

/** Game of the week: the row whose starts_at_ms is the latest one not in the future is current. */
export interface GamesOfWeekTable {
  id: Generated<number>;
  game_id: number;
  starts_at_ms: number;
}

export interface GameFavoritesTable {
  player_id: number;
  game_id: number;
  created_at_ms: number;
}

/** The games payload cached per playerRestrictionIdsHash (themes with the userCache capability). */
export interface GameCachedPayloadsTable {
  group_key: string;
  payload_json: string;
  updated_at_ms: number;
}

/** A player's provably-fair seed pairs: one `active` row per player, older ones `revealed`. */
export interface FairnessSeedsTable {
  id: Generated<number>;
  player_id: number;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  /** The nonce the next step will use. */
  next_nonce: number;
  status: 'active' | 'revealed';
  created_at_ms: number;
  revealed_at_ms: number | null;
}

/** A game session: bound to one player, one game and one currency (the game mode at launch). */
export interface GameSessionsTable {
  id: Generated<number>;
  /** Public random id used in the launch URL. */
  token: string;
  player_id: number;
  game_id: number;
  currency: 'GC' | 'FC';
  status: 'open' | 'closed';
  /** The engine's feature state between steps (free spins, respins), JSON, or null when idle. */
  feature_state_json: string | null;
  rounds_played: number;
  created_at_ms: number;
  updated_at_ms: number;
  closed_at_ms: number | null;
}

/** One step of play (base spin, bonus buy, free spin, respin) with everything needed to verify it. */
export interface GameRoundsTable {
  id: Generated<number>;
  player_id: number;
  session_id: number;
  game_id: number;
  currency: 'GC' | 'FC';
  idempotency_key: string;
  bet: number;
  stake: number;
  win: number;
  jackpot_contribution: number;
  /** The progressive Grand paid by this step (0 otherwise). */
  jackpot_win: number;
  step: string;
  bought: number;
  seed_id: number;
  nonce: number;
  state_before_json: string | null;
  outcome_json: string;
  /** The player's balance in the round's currency right after the step (for replies to retries). */
  balance_after: number;
  created_at_ms: number;
}

/** One progressive pool per currency. Its value is the ledger's `jackpots` account (all shards). */
export interface JackpotPoolsTable {
  currency: 'GC' | 'FC';
  /** The house refills the pool to this after a Grand (and seeds it first). */
  seed_amount: number;
  won_count: number;
  last_won_amount: number | null;
  last_won_at_ms: number | null;
  last_pushed_at_ms: number;
}

export interface GameTables {
  game_providers: GameProvidersTable;
  games: GamesTable;
  game_issues: GameIssuesTable;
  game_issue_games: GameIssueGamesTable;
  game_menu_items: GameMenuItemsTable;
  game_scheme_sections: GameSchemeSectionsTable;
  games_of_week: GamesOfWeekTable;
  game_favorites: GameFavoritesTable;
  game_cached_payloads: GameCachedPayloadsTable;
  fairness_seeds: FairnessSeedsTable;
  game_sessions: GameSessionsTable;
  game_rounds: GameRoundsTable;
  jackpot_pools: JackpotPoolsTable;
}
