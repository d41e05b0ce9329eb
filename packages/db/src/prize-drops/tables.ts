import type { Generated } from 'kysely';

/**
 * Prize drops (docs/features/prize-drops.md): the operator's rules, each operator day's pool with its
 * committed seed, the prizes of each tier released and awarded that day, and every prize won.
 */
export interface PrizeDropsSettingsTable {
  id: number;
  active: number;
  /** JSON `[{ level, value, count }]`. */
  tiers_json: string;
  minimal_level: number;
  minimum_stake: number;
  chance_divisor: number;
  updated_at_ms: number;
}

/** One operator day's pool: what it may pay, what it paid, and the seed its draws come from (hash published first). */
export interface PrizeDropsDaysTable {
  day: string;
  day_start_ms: number;
  day_end_ms: number;
  blocks: number;
  pool: number;
  paid: number;
  server_seed: string;
  server_seed_hash: string;
  opened_at_ms: number;
}

/** One tier of one day: `released` grows block by block, `awarded` never passes it (a guarded update). */
export interface PrizeDropsTiersTable {
  day: string;
  level: number;
  value: number;
  total: number;
  released: number;
  awarded: number;
}

/** A prize won: at most one per player per hourly block (unique), one per round. */
export interface PrizeDropsWinsTable {
  id: Generated<number>;
  day: string;
  block: number;
  player_id: number;
  round_id: number;
  level: number;
  value: number;
  /** The draw, recomputable once the day's seed is revealed: ticket < threshold out of divisor, then the tier ticket. */
  ticket: number;
  threshold: number;
  divisor: number;
  tier_ticket: number;
  player_name: string;
  created_at_ms: number;
}

export interface PrizeDropsTables {
  prize_drops_settings: PrizeDropsSettingsTable;
  prize_drops_days: PrizeDropsDaysTable;
  prize_drops_tiers: PrizeDropsTiersTable;
  prize_drops_wins: PrizeDropsWinsTable;
}

declare module '../schema' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the feature's tables
  interface Database extends PrizeDropsTables {}
}
