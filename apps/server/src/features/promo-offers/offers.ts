import type { ErrorCode } from '@sweepstack/contracts/errors';
import type { PromoOfferBundle, PromoOfferPreset } from '@sweepstack/contracts/promo-offers/preset';
import { getPlayerBalance } from '@sweepstack/db/repositories/ledger/balances';
import { hasAnyPurchase, listBundles, listPresets, type PopupOfferStatus, type PresetWithPackage, promoPurchasesOf, subscriptionsOf, type WelcomeOfferStatus } from '@sweepstack/db/promo-offers/repository';
import { readOperatorTimeZone } from '@sweepstack/db/rewards/operator-time-zone';
import type { Database } from '@sweepstack/db/schema';
import { isoWeekday, type PlayerFacts, type PresetConditions, type UnavailabilityReason, unavailabilityReasons } from '@sweepstack/domain/promo-offers/availability';
import { operatorDay, operatorDayStartMs } from '@sweepstack/domain/shared/operator-day';
import type { Kysely, Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

export const FEATURE = 'promo-offers';

/** The error code of the first reason a preset is refused (the purchase guard). */
export const REFUSAL_CODES: Record<UnavailabilityReason, ErrorCode> = {
  inactive: 'PROMO_OFFER_INACTIVE',
  expired: 'PROMO_OFFER_EXPIRED',
  wrongDay: 'PROMO_OFFER_WRONG_DAY',
  linkRequired: 'PROMO_OFFER_LINK_REQUIRED',
  firstPurchaseOnly: 'PROMO_OFFER_FIRST_PURCHASE_ONLY',
  stepBought: 'PROMO_OFFER_STEP_BOUGHT',
  stepLocked: 'PROMO_OFFER_STEP_LOCKED',
  limitPerDay: 'PROMO_OFFER_DAILY_LIMIT',
  minBalance: 'PROMO_OFFER_BALANCE_TOO_HIGH',
};

export function conditionsOf(preset: PresetWithPackage): PresetConditions {
  return {
    active: Number(preset.active) === 1 && Number(preset.pkg.active) === 1,
    dayOfWeek: preset.day_of_week === null ? null : Number(preset.day_of_week),
    limitPerDay: preset.limit_per_day === null ? null : Number(preset.limit_per_day),
    minBalance: preset.min_balance === null ? null : Number(preset.min_balance),
    availableTillMs: preset.available_till_ms === null ? null : Number(preset.available_till_ms),
    subscriptionRequired: Number(preset.subscription_required) === 1,
    firstPurchaseOnly: Number(preset.first_purchase_only) === 1,
    bundleStep: preset.bundle_step === null ? null : Number(preset.bundle_step),
  };
}

/** Spec §3 `promoOfferPreset` of a preset, with the two reasons that leave it shown but not buyable. */
export function presetAnswer(preset: PresetWithPackage, reasons: readonly UnavailabilityReason[]): PromoOfferPreset {
  const pkg = preset.pkg;
  const priceCents = Number(pkg.price_cents);
  const usualPriceCents = pkg.usual_price_cents === null ? priceCents : Number(pkg.usual_price_cents);
  return {
    id: pkg.id,
    coins: Number(pkg.gold_coins),
    entries: Number(pkg.fortune_cents) / 100,
    price: priceCents / 100,
    priceCents,
    usualPrice: usualPriceCents / 100,
    usualPriceCents,
    badgeLabel: pkg.badge_label,
    bestDeal: Number(pkg.best_deal) === 1,
    mostPopular: Number(pkg.most_popular) === 1,
    relatedPresetIds: JSON.parse(preset.related_preset_ids) as string[],
    dayOfWeek: preset.day_of_week === null ? null : Number(preset.day_of_week),
    isLimitPerDayReason: reasons.includes('limitPerDay'),
    isMinBalanceReason: reasons.includes('minBalance'),
    minBalance: preset.min_balance === null ? null : Number(preset.min_balance),
    availableTill: preset.available_till_ms === null ? null : new Date(Number(preset.available_till_ms)).toISOString(),
    imagePopup: preset.image_popup,
    promoOffer: true,
  };
}

/** App init's welcome offer (bannerPresetPackage / popupPresetPackage) from the feature's status row. */
export function welcomeAnswer(welcome: WelcomeOfferStatus, nowMs: number): (PromoOfferPreset & { bundleId: string }) | null {
  if (welcome.availableTillMs !== null && nowMs > welcome.availableTillMs) return null;
  const usualPriceCents = welcome.usualPriceCents ?? welcome.priceCents;
  return {
    id: welcome.id,
    bundleId: welcome.bundleId,
    coins: welcome.goldCoins,
    entries: welcome.fortuneCents / 100,
    price: welcome.priceCents / 100,
    priceCents: welcome.priceCents,
    usualPrice: usualPriceCents / 100,
    usualPriceCents,
    badgeLabel: welcome.badgeLabel,
    bestDeal: welcome.bestDeal,
    mostPopular: welcome.mostPopular,
    relatedPresetIds: welcome.relatedPresetIds,
    dayOfWeek: welcome.dayOfWeek,
    isLimitPerDayReason: false,
    isMinBalanceReason: false,
    minBalance: welcome.minBalance,
    availableTill: welcome.availableTillMs === null ? null : new Date(welcome.availableTillMs).toISOString(),
    imagePopup: welcome.imagePopup,
    promoOffer: true,
  };
}

/**
 * App init's pop-up offers (popupPresetPackages) from the feature's status row: those not past their
 * `availableTill`. The day, the daily limit and the balance rule depend on the player and the operator's
 * day: the available-sets list and the purchase guard judge them (the web offers the first pop-up offer
 * that list says is buyable now).
 */
export function popupAnswers(popups: readonly PopupOfferStatus[], nowMs: number): PromoOfferPreset[] {
  return popups
    .filter((p) => p.availableTillMs === null || nowMs <= p.availableTillMs)
    .map((p) => {
      const usualPriceCents = p.usualPriceCents ?? p.priceCents;
      return {
        id: p.id,
        coins: p.goldCoins,
        entries: p.fortuneCents / 100,
        price: p.priceCents / 100,
        priceCents: p.priceCents,
        usualPrice: usualPriceCents / 100,
        usualPriceCents,
        badgeLabel: p.badgeLabel,
        bestDeal: p.bestDeal,
        mostPopular: p.mostPopular,
        relatedPresetIds: p.relatedPresetIds,
        dayOfWeek: p.dayOfWeek,
        isLimitPerDayReason: false,
        isMinBalanceReason: false,
        minBalance: p.minBalance,
        availableTill: p.availableTillMs === null ? null : new Date(p.availableTillMs).toISOString(),
        imagePopup: p.imagePopup,
        promoOffer: true as const,
      };
    });
}

/** Every preset with the reasons this visitor cannot buy it now (a guest: as a new player would be told). */
export interface EvaluatedPreset {
  preset: PresetWithPackage;
  reasons: UnavailabilityReason[];
  /** Bought (complete or in flight) at least once: a bundle step's `bought`. */
  bought: boolean;
}

/**
 * Evaluates the presets for a player (or a guest, `playerId` null) at `nowMs`, from the operator time
 * zone's day, the player's payments of promo packages, subscriptions and Gold Coin balance. In the
 * purchase guard it runs inside the deposit's transaction, after the player row lock.
 */
export async function evaluatePresets(db: Db, playerId: number | null, nowMs: number, only?: (preset: PresetWithPackage) => boolean): Promise<EvaluatedPreset[]> {
  const all = await listPresets(db);
  const presets = only ? all.filter(only) : all;
  if (presets.length === 0) return [];
  const timeZone = await readOperatorTimeZone(db);
  const day = operatorDay(nowMs, timeZone);
  const dayStartMs = operatorDayStartMs(day, timeZone);
  const weekday = isoWeekday(day);
  // Bundle steps depend on the other steps of their bundle, so those are read too.
  const bundleIds = new Set(presets.flatMap((p) => (p.bundle_id === null ? [] : [p.bundle_id])));
  const relevant = all.filter((p) => presets.includes(p) || (p.bundle_id !== null && bundleIds.has(p.bundle_id)));
  const purchases = playerId === null ? [] : await promoPurchasesOf(db, playerId, relevant.map((p) => p.package_id));
  const anyPurchase = playerId === null ? false : await hasAnyPurchase(db, playerId);
  const subscriptions = playerId === null ? new Map<string, { source: string; createdAtMs: number }>() : await subscriptionsOf(db, playerId);
  const goldBalance = playerId === null ? 0 : (await getPlayerBalance(db, playerId)).coins;
  return presets.map((preset) => {
    const mine = purchases.filter((p) => p.package_id === preset.package_id);
    const subscription = subscriptions.get(preset.package_id);
    // A link's subscription lasts (the daily limit paces it); a flip gives one purchase.
    const subscribed = subscription !== undefined && (subscription.source === 'link' || !mine.some((p) => p.created_at_ms >= subscription.createdAtMs));
    const steps = relevant.filter((p) => p.bundle_id !== null && p.bundle_id === preset.bundle_id);
    const stepOf = (packageId: string) => Number(steps.find((s) => s.package_id === packageId)?.bundle_step ?? 0);
    const bundlePurchases = purchases.filter((p) => steps.some((s) => s.package_id === p.package_id));
    const facts: PlayerFacts = {
      weekday,
      nowMs,
      boughtToday: mine.filter((p) => p.created_at_ms >= dayStartMs).length,
      hasAnyPurchase: anyPurchase,
      subscribed,
      goldBalance,
      stepsBought: new Set(bundlePurchases.map((p) => stepOf(p.package_id))),
      stepsCompleted: new Set(bundlePurchases.filter((p) => p.status === 'complete').map((p) => stepOf(p.package_id))),
    };
    return { preset, reasons: unavailabilityReasons(conditionsOf(preset), facts), bought: mine.length > 0 };
  });
}

/** The bundles (active ones) with their steps for this visitor; `current` marks the step buyable now. */
export async function bundlesFor(db: Db, playerId: number | null, nowMs: number, locale: 'en' | 'es'): Promise<PromoOfferBundle[]> {
  const bundles = (await listBundles(db)).filter((b) => Number(b.active) === 1);
  if (bundles.length === 0) return [];
  const evaluated = await evaluatePresets(db, playerId, nowMs, (p) => p.bundle_id !== null);
  return bundles.map((bundle) => {
    const titles = JSON.parse(bundle.title_json) as Record<string, string>;
    const steps = evaluated.filter((e) => e.preset.bundle_id === bundle.id).sort((a, b) => Number(a.preset.bundle_step) - Number(b.preset.bundle_step));
    return {
      id: bundle.id,
      type: bundle.type,
      title: titles[locale] ?? titles.en ?? bundle.id,
      promoOffers: steps.map((e) => ({ ...presetAnswer(e.preset, e.reasons), step: Number(e.preset.bundle_step), current: e.reasons.length === 0, bought: e.bought })),
    };
  });
}
