import type { Generated } from 'kysely';

/**
 * The outbox (DESIGN.md rule 3, docs/realtime.md): domain events written in the transaction of the
 * state change they describe, delivered after commit to feature handlers and players' sockets.
 */
export interface DomainEventsTable {
  id: Generated<number>;
  /** Dotted name of what happened, e.g. `player.game-mode-changed`, `wallet.balance-changed`. */
  type: string;
  /** The player the event is about (its push goes to that player's sockets), or null. */
  player_id: number | null;
  /** The event's data for feature handlers (JSON object). */
  payload_json: string;
  /** The push message for the player's sockets (JSON, one of the contracts' push messages), or null. */
  push_json: string | null;
  created_at_ms: number;
  /** Set once every handler has run: the event is done. */
  dispatched_at_ms: number | null;
  /** Set once the push went out, so that a retry of a failed handler does not push again. */
  pushed_at_ms: number | null;
  /** A dispatcher holds the event until then; an expired claim (crashed process) is taken over. */
  claimed_until_ms: number | null;
  attempts: Generated<number>;
  last_error: string | null;
}

/** One row per (handler, event) a handler has finished: makes handlers idempotent by event id. */
export interface DomainEventReceiptsTable {
  handler: string;
  event_id: number;
  handled_at_ms: number;
}

/** A handler that failed on an event: its own attempts and backoff (the other handlers go on). */
export interface DomainEventHandlerRetriesTable {
  handler: string;
  event_id: number;
  /** Failed attempts so far; at the dispatcher's maximum the handler gives this event up. */
  attempts: number;
  retry_at_ms: number;
  last_error: string;
}

export interface EventTables {
  domain_events: DomainEventsTable;
  domain_event_receipts: DomainEventReceiptsTable;
  domain_event_handler_retries: DomainEventHandlerRetriesTable;
}
