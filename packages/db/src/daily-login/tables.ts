import type { Generated } from 'kysely';

/**
 * Daily login prizes (docs/features/daily-login.md): the operator's ladder (versioned, so a change
 * applies to claims after it), each player's claims (one per operator day), and the days the platform
 * could not serve claims (never counted as missed).
 */
export interface DailyLoginLaddersTable {
  id: Generated<number>;
  version: number;
  /** The prizes of levels 1..n as the rewards engine's Prize[]. */
  levels_json: string;
  grace_days: number;
  after_last: 'wrap' | 'hold';
  active: number;
  /** When the feature ends (spec §3 finishedAt); null: no end. */
  finishes_at_ms: number | null;
  created_at_ms: number;
  created_by: number | null;
}

export interface DailyLoginClaimsTable {
  id: Generated<number>;
  player_id: number;
  day: string;
  level: number;
  ladder_id: number;
  prize_json: string;
  /** 1: paid by the feature's finish job (the claim was open when it ended), 0: claimed by the player. */
  automatic: Generated<number>;
  created_at_ms: number;
}

export interface DailyLoginOutageDaysTable {
  day: string;
  reason: string;
  created_at_ms: number;
  created_by: number | null;
}

export interface DailyLoginTables {
  daily_login_ladders: DailyLoginLaddersTable;
  daily_login_claims: DailyLoginClaimsTable;
  daily_login_outage_days: DailyLoginOutageDaysTable;
}

declare module '../schema' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the feature's tables
  interface Database extends DailyLoginTables {}
}
