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

/**
 * Reality check (docs/responsible-play.md): every interval a player chose (`interval`) and every
 * reminder they answered (`answer`). Append-only like the exclusions.
 */
export interface ResponsiblePlayRealityChecksTable {
  id: Generated<number>;
  player_id: number;
  kind: 'interval' | 'answer';
  at_ms: number;
  /** interval: the new one; answer: the one in force. Minutes, 0 = off. */
  interval_minutes: number;
  /** interval: the one before. */
  previous_interval_minutes: number | null;
  /** answer only. */
  choice: 'continue' | 'stop' | 'history' | null;
  /** The play session this record belongs to (a record is itself activity, so there always is one). */
  session_started_at_ms: number;
  /** answer: when the reminder answered fell due by the server's rules. */
  due_at_ms: number | null;
  /** answer: JSON [{ currency, rounds, staked, won }] in ledger units (GC whole, FC hundredths). */
  summary_json: string | null;
  ip: string | null;
  user_agent: string | null;
}

export interface ResponsiblePlayTables {
  responsible_play_exclusions: ResponsiblePlayExclusionsTable;
  responsible_play_reality_checks: ResponsiblePlayRealityChecksTable;
}
