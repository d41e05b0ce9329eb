/**
 * Bingo (docs/features/bingo.md): the rules, each player's balls and progress, one card per player
 * and period (its committed seed, numbers, ball order and how far it is drawn), and every round played.
 */
export interface BingoSettingsTable {
  id: number;
  active: number;
  stake_per_ball: number;
  period_days: number;
  anchor_day: string;
  updated_at_ms: number;
}

export interface BingoPlayersTable {
  player_id: number;
  /** Balls earned and not played yet (they carry across periods). */
  balls: number;
  /** Stake toward the next ball. */
  progress: number;
  updated_at_ms: number;
}

export interface BingoCardsTable {
  player_id: number;
  period: number;
  /** JSON: the 25 cells, row by row, 0 the free centre. */
  numbers_json: string;
  /** JSON: the 75 balls in the order they come (fixed by the seed when the card is dealt). */
  order_json: string;
  /** Balls of `order` drawn so far. */
  drawn: number;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  /** JSON: indexes of the lines already paid. */
  lines_json: string;
  full_paid: number;
  ends_at_ms: number;
  created_at_ms: number;
}

export interface BingoPlaysTable {
  play_key: string;
  player_id: number;
  period: number;
  from_ball: number;
  to_ball: number;
  /** JSON: `[{ line, drawId }]` and the full card's draw id. */
  result_json: string;
  created_at_ms: number;
}

export interface BingoTables {
  bingo_settings: BingoSettingsTable;
  bingo_players: BingoPlayersTable;
  bingo_cards: BingoCardsTable;
  bingo_plays: BingoPlaysTable;
}

declare module '../schema' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the feature's tables
  interface Database extends BingoTables {}
}
