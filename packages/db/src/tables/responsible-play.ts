import type { Generated } from 'kysely';

/**
 * One cooling-off period or self-exclusion a player started (docs/responsible-play.md). Append-only:
 * triggers refuse UPDATE and DELETE, so the rows are the audit trail.
 */
export interface ResponsiblePlayExclusionsTable {
  id: Generated<number>;
  player_id: number;
  kind: 'cooling_off' | 'self_exclusion';
  /** 24h, 7d, 30d (cooling-off); 6m, 1y, 5y, permanent (self-exclusion). */
  period: string;
  started_at_ms: number;
  /** null: permanent. */
  until_ms: number | null;
  ip: string | null;
  user_agent: string | null;
}

export interface ResponsiblePlayTables {
  responsible_play_exclusions: ResponsiblePlayExclusionsTable;
}
