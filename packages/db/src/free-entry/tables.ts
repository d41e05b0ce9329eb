import type { Generated } from 'kysely';

/**
 * The free entry (docs/features/free-entry.md): every request for free Fortune Coins, online or by
 * mail, with its status and the operator's decision. Settings live in `settings` ('free-entry.settings').
 */
export interface FreeEntryRequestsTable {
  id: Generated<number>;
  player_id: number;
  channel: 'online' | 'mail';
  /** The per-request code (`FE-XXXX-XXXX`): shown to the player, written in a letter, typed by the operator. */
  code: string;
  /** The operator day of the request (the daily limit counts per day). */
  day: string;
  /** 1..perDay: the request's place among the player's requests of its channel that day (unique). */
  slot: number;
  status: 'awaiting_letter' | 'received' | 'credited' | 'rejected';
  /** The Fortune Coins it gives, in hundredths: the amount in force when it was made. */
  amount_cents: number;
  created_at_ms: number;
  /** Mail: when the letter arrived (the operator entered its code); online: the request's time. */
  received_at_ms: number | null;
  /** When the operator's decision is due (business days after receipt). */
  due_at_ms: number | null;
  /** Mail: the last moment a letter with this code is accepted. */
  expires_at_ms: number | null;
  decided_at_ms: number | null;
  /** The operator who decided; null when the platform credited it automatically. */
  decided_by: number | null;
  reject_reason: string | null;
  /** Mail: the postmark date on the envelope (`YYYY-MM-DD`), as the operator read it. */
  postmarked_on: string | null;
  /** Mail: the normalized return address (street line and postal code): the household. */
  household_key: string | null;
  /** Mail: the letter's place among its household's letters for the request day (1..limit), null when refused. */
  household_slot: number | null;
  /** A rule's refusal (`postmarkAfterDeadline`, `postmarkBeforeRequest`, `householdLimit`), beside the reason text. */
  reject_code: string | null;
}

export interface FreeEntryTables {
  free_entry_requests: FreeEntryRequestsTable;
}

declare module '../schema' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the feature's tables
  interface Database extends FreeEntryTables {}
}
