import type { Generated } from 'kysely';

/**
 * Seasons (docs/features/seasons.md): each season with its 12 levels, each player's totals in a
 * season, and every level prize paid (one row per player, season, level and track: paid once).
 */
export interface SeasonsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  /** scheduled → running (start job) → ended (end job). */
  status: 'scheduled' | 'running' | 'ended';
  starts_at_ms: number;
  ends_at_ms: number;
  gc_wagered_per_point: number;
  fc_cents_wagered_per_point: number;
  points_per_dollar: number;
  /** The cashier package whose purchase unlocks the premium track; null: no premium track. */
  premium_package_id: string | null;
  created_at_ms: number;
  updated_at_ms: number;
}

export interface SeasonLevelsTable {
  season_id: number;
  level: number;
  points: number;
  free_prize_json: string;
  premium_prize_json: string | null;
}

export interface SeasonPlayersTable {
  season_id: number;
  player_id: number;
  wagered_gc: number;
  wagered_fc_cents: number;
  purchased_cents: number;
  points: number;
  level: number;
  /** The payment that unlocked the premium track (null: not unlocked). */
  premium_payment_id: string | null;
  premium_at_ms: number | null;
  updated_at_ms: number;
}

/** A level prize paid: the primary key makes it once per player, season, level and track. */
export interface SeasonAwardsTable {
  season_id: number;
  player_id: number;
  level: number;
  track: 'free' | 'premium';
  prize_json: string;
  /** The ledger / grant key it was paid with. */
  credit_key: string;
  created_at_ms: number;
}

export interface SeasonsTables {
  seasons: SeasonsTable;
  season_levels: SeasonLevelsTable;
  season_players: SeasonPlayersTable;
  season_awards: SeasonAwardsTable;
}

declare module '../schema' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the feature's tables
  interface Database extends SeasonsTables {}
}
