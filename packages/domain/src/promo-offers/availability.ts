/**
 * Promo offer presets (docs/features/promo-offers.md): coin packages sold only while their conditions
 * hold. The same rules answer the offer lists, check-availability and the purchase guard, so what the
 * web shows and what the server sells cannot disagree.
 */

/** Why a preset cannot be bought right now; stable names, answered in `unavailabilityReasons`. */
export type UnavailabilityReason =
  | 'inactive'
  | 'expired'
  | 'wrongDay'
  | 'linkRequired'
  | 'firstPurchaseOnly'
  | 'stepBought'
  | 'stepLocked'
  | 'limitPerDay'
  | 'minBalance';

/** The conditions of one preset (operator data). */
export interface PresetConditions {
  active: boolean;
  /** ISO weekday 1 (Monday) … 7 (Sunday) in the operator's time zone; null: every day. */
  dayOfWeek: number | null;
  /** Purchases of this preset per player and operator day; null: no limit. */
  limitPerDay: number | null;
  /** Gold Coins: offered only while the player's Gold Coin balance is below it; null: no rule. */
  minBalance: number | null;
  /** The last instant it is sold (ms); null: no end. */
  availableTillMs: number | null;
  /** Sold only to players who subscribed to it (a promo link or a flip of the coin). */
  subscriptionRequired: boolean;
  /** Sold only to players without any purchase yet. */
  firstPurchaseOnly: boolean;
  /** Its step in a bundle (1, 2, …); null: not in a bundle. */
  bundleStep: number | null;
}

/** What is known about the player (null fields: a guest, who is told what a new player would be). */
export interface PlayerFacts {
  /** The operator day's ISO weekday (1 … 7). */
  weekday: number;
  nowMs: number;
  /** The player's purchases of this preset today (complete or still in flight). */
  boughtToday: number;
  /** Any purchase at all (complete or still in flight). */
  hasAnyPurchase: boolean;
  subscribed: boolean;
  /** Gold Coins. */
  goldBalance: number;
  /** Steps of the preset's bundle the player bought (complete or in flight). */
  stepsBought: ReadonlySet<number>;
  /** Steps of the bundle whose purchase completed (the next step opens only once the coins arrived). */
  stepsCompleted: ReadonlySet<number>;
}

/** Every reason the preset cannot be bought now (empty: it can), in a fixed order. */
export function unavailabilityReasons(preset: PresetConditions, facts: PlayerFacts): UnavailabilityReason[] {
  const reasons: UnavailabilityReason[] = [];
  if (!preset.active) reasons.push('inactive');
  if (preset.availableTillMs !== null && facts.nowMs > preset.availableTillMs) reasons.push('expired');
  if (preset.dayOfWeek !== null && preset.dayOfWeek !== facts.weekday) reasons.push('wrongDay');
  if (preset.subscriptionRequired && !facts.subscribed) reasons.push('linkRequired');
  if (preset.bundleStep !== null) {
    if (facts.stepsBought.has(preset.bundleStep)) reasons.push('stepBought');
    else {
      for (let step = 1; step < preset.bundleStep; step += 1) {
        if (!facts.stepsCompleted.has(step)) {
          reasons.push('stepLocked');
          break;
        }
      }
    }
  }
  if (preset.firstPurchaseOnly && facts.hasAnyPurchase) reasons.push('firstPurchaseOnly');
  if (preset.limitPerDay !== null && facts.boughtToday >= preset.limitPerDay) reasons.push('limitPerDay');
  if (preset.minBalance !== null && facts.goldBalance >= preset.minBalance) reasons.push('minBalance');
  return reasons;
}

/**
 * Reasons that leave the preset in the player's list, shown but not sellable (spec §3's
 * `isLimitPerDayReason` / `isMinBalanceReason`): the player can see what comes back tomorrow or once
 * the balance is spent. Any other reason hides it.
 */
export function shownDespite(reasons: readonly UnavailabilityReason[]): boolean {
  return reasons.every((r) => r === 'limitPerDay' || r === 'minBalance');
}

/** ISO weekday (1 Monday … 7 Sunday) of an operator day `YYYY-MM-DD`. */
export function isoWeekday(day: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new Error(`not a day: ${day}`);
  // Zeller-free: days since 1970-01-01 (a Thursday, ISO 4), from the civil date.
  const year = Number(match[1]);
  const month = Number(match[2]);
  const date = Number(match[3]);
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + date - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  const days = era * 146_097 + dayOfEra - 719_468;
  return ((((days + 3) % 7) + 7) % 7) + 1;
}

/** Flip-the-coin outcomes that are not a flip (spec §4). */
export type FlipRefusal = 'limit_by_time' | 'limit_by_promo_offers' | 'no_offers_found';

/**
 * Whether the player may flip a set's coin now: no offer of the set can be sold at all →
 * `no_offers_found`; an offer the coin gave is still waiting to be bought → `limit_by_promo_offers`
 * (one offer of a set at a time); the last flip is within the set's cooldown → `limit_by_time`.
 */
export function flipRefusal(input: { offersOnSale: number; holdsUnboughtOffer: boolean; lastFlipAtMs: number | null; cooldownMs: number; nowMs: number }): FlipRefusal | null {
  if (input.offersOnSale === 0) return 'no_offers_found';
  if (input.holdsUnboughtOffer) return 'limit_by_promo_offers';
  if (input.lastFlipAtMs !== null && input.nowMs - input.lastFlipAtMs < input.cooldownMs) return 'limit_by_time';
  return null;
}
