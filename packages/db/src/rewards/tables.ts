import type { Generated } from 'kysely';

/**
 * The rewards engine's tables (docs/rewards.md): versioned prize tables, daily budgets and what
 * was spent of them, every draw with its fairness fields, free-spin grants and the notices a player
 * gets about prizes.
 */

/** One version of a prize table; an edit inserts the next version, so past draws keep theirs. */
export interface RewardTablesTable {
  id: Generated<number>;
  slug: string;
  version: number;
  feature: string;
  /** The segments as the domain's PrizeSegment[] (weights and prizes). */
  segments_json: string;
  fallback_segment: number;
  created_at_ms: number;
  /** The operator who saved it; null for seeds. */
  created_by: number | null;
}

/** A feature's daily budget in one currency (ledger units per operator day). */
export interface RewardBudgetsTable {
  feature: string;
  currency: 'GC' | 'FC';
  daily_limit: number;
  updated_at_ms: number;
}

/** What a feature has paid in a currency on an operator day (guarded: never past the budget). */
export interface RewardBudgetSpendTable {
  feature: string;
  currency: 'GC' | 'FC';
  day: string;
  spent: number;
}

/** One draw from a table: the ticket the seeds gave, the segment, and the prize actually paid. */
export interface RewardDrawsTable {
  id: Generated<number>;
  player_id: number;
  feature: string;
  table_id: number;
  segment_index: number;
  ticket: number;
  /** The prize paid (after a booster, or the fallback when the budget was spent). */
  prize_json: string;
  multiplier: number;
  fell_back: number;
  seed_id: number;
  nonce: number;
  /** The draw before it when this one opened a lootbox. */
  parent_draw_id: number | null;
  idempotency_key: string;
  created_at_ms: number;
}

/** Free spins owned by a player (spec §3 Free spins). */
export interface FreeSpinGrantsTable {
  id: Generated<number>;
  player_id: number;
  game_id: number;
  currency: 'GC' | 'FC';
  bet_level: number;
  spins_total: number;
  spins_remain: number;
  expires_at_ms: number;
  source_feature: string;
  /** Unique: a grant is made once per key (the draw or the claim that earned it). */
  source_key: string;
  status: 'active' | 'used' | 'expired';
  created_at_ms: number;
  updated_at_ms: number;
}

/**
 * The player's notices about prizes: credited for them, free spins granted or expired, Fortune Coins
 * (or free spins played in them) withheld because the player's state has no Fortune Coin play.
 */
export interface RewardNoticesTable {
  id: Generated<number>;
  player_id: number;
  kind: 'prize_credited' | 'free_spins_granted' | 'free_spins_expired' | 'prize_withheld';
  feature: string;
  prize_json: string;
  notice_key: string;
  created_at_ms: number;
  read_at_ms: number | null;
}

/** A game round played as a free spin of a grant (the round's stake is 0). */
export interface FreeSpinPlaysTable {
  round_id: number;
  grant_id: number;
}

export interface RewardTables {
  free_spin_plays: FreeSpinPlaysTable;
  reward_tables: RewardTablesTable;
  reward_budgets: RewardBudgetsTable;
  reward_budget_spend: RewardBudgetSpendTable;
  reward_draws: RewardDrawsTable;
  free_spin_grants: FreeSpinGrantsTable;
  reward_notices: RewardNoticesTable;
}

declare module '../schema' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the feature's tables
  interface Database extends RewardTables {}
}
