import type { Generated } from 'kysely';

/**
 * The VIP rank league (docs/features/rank-league.md): versioned rules, each player's experience and
 * level, their play per weekly period, the periods closed and each player's weekly cashback.
 */
export interface RankLeagueVersionsTable {
  id: Generated<number>;
  /** The rules (domain/rank-league/rules.ts LeagueRules) as JSON. */
  rules_json: string;
  /** A version applies from the start of a period: from this instant on. */
  effective_from_ms: number;
  created_at_ms: number;
}

export interface RankLeagueSettingsTable {
  id: number;
  enabled: number;
  updated_at_ms: number;
}

export interface RankLeaguePlayersTable {
  player_id: number;
  /** Cumulative experience in thousandths. */
  experience_milli: number;
  /** Overall 1-based level reached (a rules change never lowers it; a demotion does). */
  level: number;
  section: number;
  /** When the player entered their section (a section entered during a period is kept at its end). */
  section_since_ms: number;
  updated_at_ms: number;
}

/** A player's play in one weekly period (ledger units), and the experience it earned. */
export interface RankLeaguePeriodPlayTable {
  player_id: number;
  period_key: string;
  gc_wagered: number;
  gc_won: number;
  fc_wagered: number;
  fc_won: number;
  experience_milli: number;
  updated_at_ms: number;
}

/** A period whose end was processed (cashback calculated, demotions applied). */
export interface RankLeaguePeriodsTable {
  period_key: string;
  closed_at_ms: number;
  version_id: number;
}

export interface RankLeagueCashbackTable {
  player_id: number;
  period_key: string;
  section: number;
  rate_bp: number;
  gold_coins: number;
  fortune_cents: number;
  /** available → claimed (by the player) or expired (credited automatically at the window's end). */
  status: 'available' | 'claimed' | 'expired';
  calculated_at_ms: number;
  expires_at_ms: number;
  settled_at_ms: number | null;
}

export interface RankLeagueTables {
  rank_league_versions: RankLeagueVersionsTable;
  rank_league_settings: RankLeagueSettingsTable;
  rank_league_players: RankLeaguePlayersTable;
  rank_league_period_play: RankLeaguePeriodPlayTable;
  rank_league_periods: RankLeaguePeriodsTable;
  rank_league_cashback: RankLeagueCashbackTable;
}

declare module '../schema' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the feature's tables
  interface Database extends RankLeagueTables {}
}
