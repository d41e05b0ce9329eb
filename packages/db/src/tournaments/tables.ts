import type { Generated } from 'kysely';

/**
 * Tournaments (docs/features/tournaments.md): operator schedules (one-off or recurring by cron), the
 * runs they produce, the runs' teams, every participant's standing, and the places paid.
 */
export interface TournamentSchedulesTable {
  id: Generated<number>;
  slug: string;
  title: string;
  /** The title in Spanish; null: `title` in every language. */
  title_es: string | null;
  /** One-off: the start (epoch ms); null for a recurring schedule. */
  starts_at_ms: number | null;
  /** Recurring: a cron expression read in `time_zone`; null for a one-off. */
  cron: string | null;
  time_zone: string;
  duration_ms: number;
  open_lead_ms: number;
  announce_lead_ms: number;
  bets_on: 'entries' | 'tournaments_points';
  games_json: string;
  rules_json: string;
  prizes_json: string;
  /** Team names (JSON array) of a team tournament, else null. */
  teams_json: string | null;
  /** The team names in Spanish (JSON array, the order of `teams_json`); null: the names in every language. */
  teams_es_json: string | null;
  enabled: number;
  /** Recurring: runs are planned up to here. */
  planned_until_ms: number | null;
  created_at_ms: number;
  updated_at_ms: number;
}

export interface TournamentRunsTable {
  /** The run's id: spec §3 historyId. */
  id: Generated<number>;
  schedule_id: number;
  title: string;
  /** The schedule's Spanish title when the run was planned; null: `title`. */
  title_es: string | null;
  announce_at_ms: number;
  open_at_ms: number;
  start_ms: number;
  end_ms: number;
  status: 'announced' | 'open' | 'running' | 'finished' | 'paid' | 'voided';
  bets_on: 'entries' | 'tournaments_points';
  games_json: string;
  rules_json: string;
  prizes_json: string;
  team_based: number;
  /** Why an operator voided or extended it (players see the status). */
  operator_note: string | null;
  paid_at_ms: number | null;
  created_at_ms: number;
  updated_at_ms: number;
}

export interface TournamentTeamsTable {
  run_id: number;
  team_id: number;
  title: string;
  /** The team's name in Spanish; null: `title` in every language. */
  title_es: string | null;
  members: number;
}

export interface TournamentEntriesTable {
  run_id: number;
  player_id: number;
  team_id: number | null;
  points: number;
  rounds_played: number;
  /** The play order (event id) of the round that reached the current score: ties go to the smaller. */
  reached_seq: number;
  subscribed_at_ms: number;
  updated_at_ms: number;
}

export interface TournamentWinnersTable {
  run_id: number;
  place: number;
  player_id: number;
  team_id: number | null;
  points: number;
  prize_coins: number;
  /** Fortune Coins in hundredths. */
  prize_entries_cents: number;
  status: 'pending' | 'paid' | 'voided';
  paid_at_ms: number | null;
}

export interface TournamentsTables {
  tournament_schedules: TournamentSchedulesTable;
  tournament_runs: TournamentRunsTable;
  tournament_teams: TournamentTeamsTable;
  tournament_entries: TournamentEntriesTable;
  tournament_winners: TournamentWinnersTable;
}

declare module '../schema' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the feature's tables
  interface Database extends TournamentsTables {}
}
