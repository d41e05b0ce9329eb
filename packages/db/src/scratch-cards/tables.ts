import type { Generated } from 'kysely';

/**
 * Scratch cards (docs/features/scratch-cards.md): each card issued with its draw (the outcome fixed at
 * issue), the player's row the issue and the scratch lock, and the feature's rules.
 */
export interface ScratchCardsTable {
  id: Generated<number>;
  player_id: number;
  source: 'purchase' | 'free';
  /** `payment:<paymentId>` or `free:<operator day>`: a payment or a day issues one card. */
  source_key: string;
  /** The reward draw made at issue (its prize is paid at the scratch). */
  draw_id: number;
  issued_at_ms: number;
  available_at_ms: number;
  expires_at_ms: number;
  scratched_at_ms: number | null;
  /** `scratch-cards:<player>:<request key>` of the scratch that revealed it. */
  scratch_key: string | null;
}

export interface ScratchCardPlayersTable {
  player_id: number;
  updated_at_ms: number;
}

export interface ScratchCardSettingsTable {
  id: number;
  active: number;
  finishes_at_ms: number | null;
  /** A purchase of at least this many cents earns one card; null: purchases earn none. */
  purchase_threshold_cents: number | null;
  free_daily: number;
  /** From issue until the card can be scratched (ready_for_activate → available). */
  activation_delay_ms: number;
  /** From issue until it expires into the mailbox. */
  lifetime_ms: number;
  updated_at_ms: number;
}

export interface ScratchCardTables {
  scratch_cards: ScratchCardsTable;
  scratch_card_players: ScratchCardPlayersTable;
  scratch_card_settings: ScratchCardSettingsTable;
}

declare module '../schema' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the feature's tables
  interface Database extends ScratchCardTables {}
}
