import type { Generated } from 'kysely';

/**
 * Promo offers (docs/features/promo-offers.md). A preset is a `cashier_packages` row (its price and
 * coins) plus the conditions here; the cashier sells it only while they hold (the purchase guard).
 */
export interface PromoOfferPresetsTable {
  /** The `cashier_packages` id (the preset id in URLs and deposits). */
  package_id: string;
  /** The promo link's hash (`?promoOffer=<url_hash>`); null: no link. */
  url_hash: string | null;
  /** 1: sold only to players who subscribed to it (by its link or a flip of the coin). */
  subscription_required: number;
  /** The flip-the-coin set it belongs to (`?promoOfferSet=<id>`); null: none. */
  offer_set: string | null;
  /** The bundle it is a step of, and which step (1, 2, …). */
  bundle_id: string | null;
  bundle_step: number | null;
  /** ISO weekday 1 (Monday) … 7 (Sunday), operator time zone; null: every day. */
  day_of_week: number | null;
  /** Purchases per player and operator day; null: no limit. */
  limit_per_day: number | null;
  /** Gold Coins: offered only while the player's Gold Coin balance is below it; null: no rule. */
  min_balance: number | null;
  available_till_ms: number | null;
  /** 1: only for players without any purchase (the welcome offer). */
  first_purchase_only: number;
  /** A picture for the offer's pop-up (a path on this site); null: none. */
  image_popup: string | null;
  /** JSON array of preset ids shown beside it. */
  related_preset_ids: string;
  active: number;
  updated_at_ms: number;
}

/** Bundles: offers sold as ordered steps (`welcomePack`). */
export interface PromoOfferBundlesTable {
  id: string;
  type: 'welcomePack';
  /** JSON `{ en, es }`. */
  title_json: string;
  active: number;
  updated_at_ms: number;
}

/** Flip-the-coin sets: one flip per player within `cooldown_ms` picks one of the set's presets. */
export interface PromoOfferSetsTable {
  id: string;
  cooldown_ms: number;
  active: number;
  updated_at_ms: number;
}

/** A player's right to buy a subscription-only preset: from its link or a flip of the coin. */
export interface PromoOfferSubscriptionsTable {
  player_id: number;
  package_id: string;
  source: 'link' | 'flip';
  created_at_ms: number;
}

/** Every flip of the coin: which preset it gave, decided by the player's provably fair seed. */
export interface PromoOfferFlipsTable {
  id: Generated<number>;
  player_id: number;
  offer_set: string;
  package_id: string;
  /** The fairness seed and nonce that decided it (the player can verify it once the seed is rotated). */
  seed_id: number;
  nonce: number;
  created_at_ms: number;
}

export interface PromoOffersTables {
  promo_offer_presets: PromoOfferPresetsTable;
  promo_offer_bundles: PromoOfferBundlesTable;
  promo_offer_sets: PromoOfferSetsTable;
  promo_offer_subscriptions: PromoOfferSubscriptionsTable;
  promo_offer_flips: PromoOfferFlipsTable;
}

declare module '../schema' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the feature's tables
  interface Database extends PromoOffersTables {}
}
