import type { Generated } from 'kysely';

/**
 * Bonus offers (docs/features/bonuses.md): operator campaigns, each one bonus (free entries or free
 * spins), and their grants to players. A grant is the numbered message a player claims: its id is the
 * `message_id` of spec §7 and the `?freeEntriesBonus=` of a link.
 */
export interface BonusCampaignsTable {
  id: Generated<number>;
  /** The operator's name for it (not shown to players). */
  name: string;
  bonus_type: 'freeEntries' | 'freeSpins';
  /** freeEntries: the Fortune Coins it gives, in hundredths. */
  amount_cents: number | null;
  /** freeSpins: the game, count, bet level (1 = the game's lowest bet), currency and how long credited spins can be played. */
  game_id: number | null;
  spins_count: number | null;
  bet_level: number | null;
  spins_currency: 'GC' | 'FC' | null;
  spins_lifetime_ms: number | null;
  /** How long a grant can be claimed after it was sent. */
  claim_lifetime_ms: number;
  /** 1 while its grants can be claimed; 0 stops every pending grant of it. */
  active: number;
  created_at_ms: number;
  updated_at_ms: number;
}

export interface BonusGrantsTable {
  /** The message id. */
  id: Generated<number>;
  campaign_id: number;
  player_id: number;
  status: 'pending' | 'credited' | 'revoked' | 'expired';
  /** `<campaign>:<player>:<operator's request key>`: a retried grant sends one message. */
  grant_key: string;
  granted_at_ms: number;
  /** The first moment it can no longer be claimed (spec `bonusLifetimeEnd`). */
  expires_at_ms: number;
  granted_by: number | null;
  credited_at_ms: number | null;
  revoked_at_ms: number | null;
  /** When the expiry job marked it `expired` (its end, `expires_at_ms`, had passed while it was pending). */
  expired_at_ms: number | null;
  /** freeSpins: the rewards engine's grant it became. */
  free_spin_grant_id: number | null;
}

export interface BonusesTables {
  bonus_campaigns: BonusCampaignsTable;
  bonus_grants: BonusGrantsTable;
}

declare module '../schema' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the feature's tables
  interface Database extends BonusesTables {}
}
