import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../schema';
import type { CashierPackagesTable } from '../tables/cashier';
import { writeFeatureStatus } from '../repositories/feature-state';
import './tables';
import type { PromoOfferBundlesTable, PromoOfferPresetsTable, PromoOfferSetsTable } from './tables';

/** The promo offers' SQL (docs/features/promo-offers.md). */
type Db = Kysely<Database> | Transaction<Database>;

export type PromoOfferPresetRow = Selectable<PromoOfferPresetsTable>;
export type PromoOfferBundleRow = Selectable<PromoOfferBundlesTable>;
export type PromoOfferSetRow = Selectable<PromoOfferSetsTable>;
/** A preset with its package (price and coins). */
export type PresetWithPackage = PromoOfferPresetRow & { pkg: Selectable<CashierPackagesTable> };

/** Payments that count as bought: complete, or still in flight (so two parallel purchases cannot both pass a limit). */
export const BOUGHT_STATUSES = ['created', 'pending', 'requires_action', 'complete'] as const;

/** Every preset with its package, in the packages' display order. */
export async function listPresets(db: Db): Promise<PresetWithPackage[]> {
  const presets = await db.selectFrom('promo_offer_presets').selectAll().execute();
  if (presets.length === 0) return [];
  const packages = await db.selectFrom('cashier_packages').selectAll().where('id', 'in', presets.map((p) => p.package_id)).orderBy('sort_order').orderBy('id').execute();
  const byId = new Map(presets.map((p) => [p.package_id, p]));
  return packages.map((pkg) => ({ ...byId.get(pkg.id)!, pkg }));
}

export async function findPreset(db: Db, packageId: string): Promise<PresetWithPackage | undefined> {
  const preset = await db.selectFrom('promo_offer_presets').selectAll().where('package_id', '=', packageId).executeTakeFirst();
  if (!preset) return undefined;
  const pkg = await db.selectFrom('cashier_packages').selectAll().where('id', '=', packageId).executeTakeFirstOrThrow();
  return { ...preset, pkg };
}

export async function findPresetByUrlHash(db: Db, urlHash: string): Promise<PromoOfferPresetRow | undefined> {
  return db.selectFrom('promo_offer_presets').selectAll().where('url_hash', '=', urlHash).executeTakeFirst();
}

export async function listBundles(db: Db): Promise<PromoOfferBundleRow[]> {
  return db.selectFrom('promo_offer_bundles').selectAll().orderBy('id').execute();
}

export async function findSet(db: Db, id: string): Promise<PromoOfferSetRow | undefined> {
  return db.selectFrom('promo_offer_sets').selectAll().where('id', '=', id).executeTakeFirst();
}

/** What the player bought of promo packages: by package, all counted purchases and the completed ones, with times. */
export async function promoPurchasesOf(db: Db, playerId: number, packageIds: readonly string[]): Promise<{ package_id: string; status: string; created_at_ms: number }[]> {
  if (packageIds.length === 0) return [];
  const rows = await db
    .selectFrom('cashier_payments')
    .select(['package_id', 'status', 'created_at_ms'])
    .where('player_id', '=', playerId)
    .where('package_id', 'in', packageIds)
    .where('status', 'in', BOUGHT_STATUSES)
    .execute();
  return rows.map((r) => ({ package_id: r.package_id, status: r.status, created_at_ms: Number(r.created_at_ms) }));
}

/** Whether the player has any purchase at all (complete or in flight). */
export async function hasAnyPurchase(db: Db, playerId: number): Promise<boolean> {
  const row = await db.selectFrom('cashier_payments').select('id').where('player_id', '=', playerId).where('status', 'in', BOUGHT_STATUSES).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function subscriptionsOf(db: Db, playerId: number): Promise<Map<string, { source: string; createdAtMs: number }>> {
  const rows = await db.selectFrom('promo_offer_subscriptions').select(['package_id', 'source', 'created_at_ms']).where('player_id', '=', playerId).execute();
  return new Map(rows.map((r) => [r.package_id, { source: r.source, createdAtMs: Number(r.created_at_ms) }]));
}

/** Subscribes (idempotent): a second subscription to the same preset keeps the first. */
export async function subscribe(db: Db, row: { playerId: number; packageId: string; source: 'link' | 'flip'; nowMs: number }): Promise<void> {
  await db
    .insertInto('promo_offer_subscriptions')
    .values({ player_id: row.playerId, package_id: row.packageId, source: row.source, created_at_ms: row.nowMs })
    .onConflict((oc) => oc.columns(['player_id', 'package_id']).doNothing())
    .execute();
}

/** A flip's own subscription is renewed: the coin may give the same preset again after its cooldown. */
export async function subscribeByFlip(db: Db, row: { playerId: number; packageId: string; nowMs: number }): Promise<void> {
  await db
    .insertInto('promo_offer_subscriptions')
    .values({ player_id: row.playerId, package_id: row.packageId, source: 'flip', created_at_ms: row.nowMs })
    .onConflict((oc) => oc.columns(['player_id', 'package_id']).doUpdateSet({ source: 'flip', created_at_ms: row.nowMs }))
    .execute();
}

export async function lastFlip(db: Db, playerId: number, offerSet: string): Promise<{ package_id: string; created_at_ms: number } | undefined> {
  const row = await db
    .selectFrom('promo_offer_flips')
    .select(['package_id', 'created_at_ms'])
    .where('player_id', '=', playerId)
    .where('offer_set', '=', offerSet)
    .orderBy('created_at_ms', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { package_id: row.package_id, created_at_ms: Number(row.created_at_ms) } : undefined;
}

export async function insertFlip(db: Db, row: { playerId: number; offerSet: string; packageId: string; seedId: number; nonce: number; nowMs: number }): Promise<void> {
  await db
    .insertInto('promo_offer_flips')
    .values({ player_id: row.playerId, offer_set: row.offerSet, package_id: row.packageId, seed_id: row.seedId, nonce: row.nonce, created_at_ms: row.nowMs })
    .execute();
}

/** The preset's conditions as the operator sets them (a new preset or an edit of one). */
export interface PresetInput {
  packageId: string;
  urlHash: string | null;
  subscriptionRequired: boolean;
  offerSet: string | null;
  bundleId: string | null;
  bundleStep: number | null;
  dayOfWeek: number | null;
  limitPerDay: number | null;
  minBalance: number | null;
  availableTillMs: number | null;
  firstPurchaseOnly: boolean;
  imagePopup: string | null;
  relatedPresetIds: readonly string[];
  active: boolean;
}

/** The package part of a preset (its `cashier_packages` row). */
export interface PresetPackageInput {
  priceCents: number;
  usualPriceCents: number | null;
  goldCoins: number;
  fortuneCents: number;
  badgeLabel: string | null;
  bestDeal: boolean;
  mostPopular: boolean;
  sortOrder: number;
}

/** Writes a preset and its package (insert or update), in the caller's transaction. */
export async function savePreset(db: Db, preset: PresetInput, pkg: PresetPackageInput, nowMs: number): Promise<void> {
  const packageRow = {
    price_cents: pkg.priceCents,
    usual_price_cents: pkg.usualPriceCents,
    gold_coins: pkg.goldCoins,
    fortune_cents: pkg.fortuneCents,
    badge_label: pkg.badgeLabel,
    best_deal: pkg.bestDeal ? 1 : 0,
    most_popular: pkg.mostPopular ? 1 : 0,
    // The cashier's own flag follows the preset's: an inactive preset is not sold at all.
    active: preset.active ? 1 : 0,
    sort_order: pkg.sortOrder,
    updated_at_ms: nowMs,
  };
  await db.insertInto('cashier_packages').values({ id: preset.packageId, ...packageRow }).onConflict((oc) => oc.column('id').doUpdateSet(packageRow)).execute();
  const presetRow = {
    url_hash: preset.urlHash,
    subscription_required: preset.subscriptionRequired ? 1 : 0,
    offer_set: preset.offerSet,
    bundle_id: preset.bundleId,
    bundle_step: preset.bundleStep,
    day_of_week: preset.dayOfWeek,
    limit_per_day: preset.limitPerDay,
    min_balance: preset.minBalance,
    available_till_ms: preset.availableTillMs,
    first_purchase_only: preset.firstPurchaseOnly ? 1 : 0,
    image_popup: preset.imagePopup,
    related_preset_ids: JSON.stringify(preset.relatedPresetIds),
    active: preset.active ? 1 : 0,
    updated_at_ms: nowMs,
  };
  await db.insertInto('promo_offer_presets').values({ package_id: preset.packageId, ...presetRow }).onConflict((oc) => oc.column('package_id').doUpdateSet(presetRow)).execute();
}

export async function saveBundle(db: Db, bundle: { id: string; type: 'welcomePack'; title: Record<string, string>; active: boolean }, nowMs: number): Promise<void> {
  const row = { type: bundle.type, title_json: JSON.stringify(bundle.title), active: bundle.active ? 1 : 0, updated_at_ms: nowMs };
  await db.insertInto('promo_offer_bundles').values({ id: bundle.id, ...row }).onConflict((oc) => oc.column('id').doUpdateSet(row)).execute();
}

export async function saveSet(db: Db, set: { id: string; cooldownMs: number; active: boolean }, nowMs: number): Promise<void> {
  const row = { cooldown_ms: set.cooldownMs, active: set.active ? 1 : 0, updated_at_ms: nowMs };
  await db.insertInto('promo_offer_sets').values({ id: set.id, ...row }).onConflict((oc) => oc.column('id').doUpdateSet(row)).execute();
}

/** The raw welcome offer app init shows (the first step of the first active welcome pack), or null. */
export interface WelcomeOfferStatus {
  bundleId: string;
  id: string;
  priceCents: number;
  usualPriceCents: number | null;
  goldCoins: number;
  fortuneCents: number;
  badgeLabel: string | null;
  bestDeal: boolean;
  mostPopular: boolean;
  relatedPresetIds: string[];
  dayOfWeek: number | null;
  minBalance: number | null;
  availableTillMs: number | null;
  imagePopup: string | null;
}

/**
 * A pop-up offer of app init's `popupPresetPackages`: a public preset the operator gave a pop-up picture
 * (`imagePopup`), with the conditions a player's purchase is judged by.
 */
export type PopupOfferStatus = Omit<WelcomeOfferStatus, 'bundleId'> & { imagePopup: string; limitPerDay: number | null };

export const PROMO_OFFERS_FEATURE = 'promo-offers';

/**
 * Which presets are pop-up offers (docs/features/promo-offers.md): active (preset and package), with a
 * pop-up picture, and public: not link- or flip-only, not a step of a bundle (the welcome pack has its own
 * place, `popupPresetPackage`), not for a first purchase only.
 */
export function isPopupOffer(preset: PresetWithPackage): preset is PresetWithPackage & { image_popup: string } {
  return (
    preset.image_popup !== null &&
    Number(preset.active) === 1 &&
    Number(preset.pkg.active) === 1 &&
    Number(preset.subscription_required) === 0 &&
    preset.offer_set === null &&
    preset.bundle_id === null &&
    Number(preset.first_purchase_only) === 0
  );
}

/** What app init shows of a preset and its package: the fields the welcome offer and the pop-up offers share. */
function presetOfferFields(preset: PromoOfferPresetRow, pkg: Selectable<CashierPackagesTable>) {
  return {
    id: pkg.id,
    priceCents: Number(pkg.price_cents),
    usualPriceCents: pkg.usual_price_cents === null ? null : Number(pkg.usual_price_cents),
    goldCoins: Number(pkg.gold_coins),
    fortuneCents: Number(pkg.fortune_cents),
    badgeLabel: pkg.badge_label,
    bestDeal: Number(pkg.best_deal) === 1,
    mostPopular: Number(pkg.most_popular) === 1,
    relatedPresetIds: JSON.parse(preset.related_preset_ids) as string[],
    dayOfWeek: preset.day_of_week === null ? null : Number(preset.day_of_week),
    minBalance: preset.min_balance === null ? null : Number(preset.min_balance),
    availableTillMs: preset.available_till_ms === null ? null : Number(preset.available_till_ms),
  };
}

function popupOfferStatus(preset: PresetWithPackage & { image_popup: string }): PopupOfferStatus {
  return {
    ...presetOfferFields(preset, preset.pkg),
    limitPerDay: preset.limit_per_day === null ? null : Number(preset.limit_per_day),
    imagePopup: preset.image_popup,
  };
}

/**
 * Writes the feature's site-wide status (app init's bannerPresetPackage / popupPresetPackage, the welcome
 * offer, and popupPresetPackages, the pop-up offers in display order, come from it): call in the
 * transaction of every change to bundles or presets.
 */
export async function refreshWelcomeStatus(db: Db, nowMs: number): Promise<WelcomeOfferStatus | null> {
  const bundles = (await listBundles(db)).filter((b) => Number(b.active) === 1 && b.type === 'welcomePack');
  let welcome: WelcomeOfferStatus | null = null;
  for (const bundle of bundles) {
    const preset = await db.selectFrom('promo_offer_presets').selectAll().where('bundle_id', '=', bundle.id).where('bundle_step', '=', 1).where('active', '=', 1).executeTakeFirst();
    if (!preset) continue;
    const pkg = await db.selectFrom('cashier_packages').selectAll().where('id', '=', preset.package_id).executeTakeFirstOrThrow();
    welcome = { bundleId: bundle.id, ...presetOfferFields(preset, pkg), imagePopup: preset.image_popup };
    break;
  }
  // Written only when it changed: the write moves the content stamp every process reloads on.
  const popups = (await listPresets(db)).filter(isPopupOffer).map(popupOfferStatus);
  const status = { welcome, popups };
  const current = await db.selectFrom('feature_status').select('status_json').where('feature', '=', PROMO_OFFERS_FEATURE).executeTakeFirst();
  if (current?.status_json !== JSON.stringify(status)) await writeFeatureStatus(db, PROMO_OFFERS_FEATURE, status, nowMs);
  return welcome;
}
