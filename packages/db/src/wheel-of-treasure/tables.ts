/**
 * The wheel of treasure (docs/features/wheel-of-treasure.md): each player's wheel state (the free
 * daily spin, rounds played today toward the booster, extra spins bought), every wheel spin with the
 * draws it made, the packages that carry extra wheel spins, and the feature's rules.
 */
export interface WheelOfTreasurePlayersTable {
  player_id: number;
  last_daily_spin_day: string | null;
  rounds_day: string | null;
  rounds: number;
  extra_spins: number;
  updated_at_ms: number;
}

export interface WheelOfTreasureSpinsTable {
  /** `wheel-of-treasure:<player>:<request key>`: its draws' idempotency keys start with it. */
  spin_key: string;
  player_id: number;
  kind: 'daily' | 'extra';
  day: string;
  draw_id: number;
  booster_draw_id: number | null;
  created_at_ms: number;
}

/** A cashier package that also gives extra wheel spins (spec §7 promoOffers.extraWheel). */
export interface WheelOfTreasureOffersTable {
  package_id: string;
  spins: number;
}

export interface WheelOfTreasureSettingsTable {
  id: number;
  active: number;
  booster_rounds: number;
  finishes_at_ms: number | null;
  updated_at_ms: number;
}

/** A purchase that credited extra spins: a payment credits them once. */
export interface WheelOfTreasurePurchasesTable {
  payment_id: string;
  player_id: number;
  package_id: string;
  spins: number;
  created_at_ms: number;
}

export interface WheelOfTreasureTables {
  wheel_of_treasure_players: WheelOfTreasurePlayersTable;
  wheel_of_treasure_spins: WheelOfTreasureSpinsTable;
  wheel_of_treasure_offers: WheelOfTreasureOffersTable;
  wheel_of_treasure_settings: WheelOfTreasureSettingsTable;
  wheel_of_treasure_purchases: WheelOfTreasurePurchasesTable;
}

declare module '../schema' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the feature's tables
  interface Database extends WheelOfTreasureTables {}
}
