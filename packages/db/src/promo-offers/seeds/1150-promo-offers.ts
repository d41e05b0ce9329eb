import type { Kysely } from 'kysely';
import type { Database } from '../../schema';
import { CONTENT_DIR, fail, isRecord, parseContentJson, readContentText, readTitles } from '../../seeds/content-files';
import { type PresetInput, type PresetPackageInput, refreshWelcomeStatus, saveBundle, savePreset, saveSet } from '../repository';

const FILE = 'promo-offers/offers.json';

function whole(value: unknown, where: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) fail(FILE, `${where} must be a whole number`);
  return value;
}

function optionalWhole(value: unknown, where: string): number | null {
  return value === undefined || value === null ? null : whole(value, where);
}

function optionalText(value: unknown, where: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.length === 0) fail(FILE, `${where} must be a text`);
  return value;
}

/** Reads one preset of the file; a bad value stops the seed naming it. */
function readPreset(raw: unknown, index: number): { preset: PresetInput; pkg: PresetPackageInput } {
  const where = `presets[${index}]`;
  if (!isRecord(raw) || typeof raw.id !== 'string' || !/^[a-z0-9-]{1,64}$/.test(raw.id)) fail(FILE, `${where}.id must be a slug`);
  const bundle = raw.bundle === undefined || raw.bundle === null ? null : raw.bundle;
  if (bundle !== null && (!isRecord(bundle) || typeof bundle.id !== 'string')) fail(FILE, `${where}.bundle needs an id and a step`);
  const availableTill = optionalText(raw.availableTill, `${where}.availableTill`);
  const availableTillMs = availableTill === null ? null : Date.parse(availableTill);
  if (availableTillMs !== null && Number.isNaN(availableTillMs)) fail(FILE, `${where}.availableTill must be an ISO date`);
  const related = raw.relatedPresetIds ?? [];
  if (!Array.isArray(related) || related.some((r) => typeof r !== 'string')) fail(FILE, `${where}.relatedPresetIds must be a list of ids`);
  const dayOfWeek = optionalWhole(raw.dayOfWeek, `${where}.dayOfWeek`);
  if (dayOfWeek !== null && (dayOfWeek < 1 || dayOfWeek > 7)) fail(FILE, `${where}.dayOfWeek must be 1 (Monday) … 7 (Sunday)`);
  return {
    preset: {
      packageId: raw.id,
      urlHash: optionalText(raw.urlHash, `${where}.urlHash`),
      subscriptionRequired: raw.subscriptionRequired === true,
      offerSet: optionalText(raw.offerSet, `${where}.offerSet`),
      bundleId: bundle === null ? null : (bundle.id as string),
      bundleStep: bundle === null ? null : whole(bundle.step, `${where}.bundle.step`),
      dayOfWeek,
      limitPerDay: optionalWhole(raw.limitPerDay, `${where}.limitPerDay`),
      minBalance: optionalWhole(raw.minBalance, `${where}.minBalance`),
      availableTillMs,
      firstPurchaseOnly: raw.firstPurchaseOnly === true,
      imagePopup: optionalText(raw.imagePopup, `${where}.imagePopup`),
      relatedPresetIds: related as string[],
      active: raw.active !== false,
    },
    pkg: {
      priceCents: whole(raw.priceCents, `${where}.priceCents`),
      usualPriceCents: optionalWhole(raw.usualPriceCents, `${where}.usualPriceCents`),
      goldCoins: whole(raw.goldCoins, `${where}.goldCoins`),
      fortuneCents: whole(raw.fortuneCents, `${where}.fortuneCents`),
      badgeLabel: optionalText(raw.badgeLabel, `${where}.badgeLabel`),
      bestDeal: raw.bestDeal === true,
      mostPopular: raw.mostPopular === true,
      sortOrder: whole(raw.sortOrder, `${where}.sortOrder`),
    },
  };
}

/**
 * Seeds the promo offers from content/promo-offers/offers.json: the welcome pack, the flip-the-coin
 * set and the presets (each a cashier package with its conditions). What exists is left alone:
 * operators edit it through the operator API. Then the welcome offer app init shows is written.
 */
export async function seed(db: Kysely<Database>): Promise<void> {
  const text = readContentText(CONTENT_DIR, FILE);
  if (text === undefined) return;
  const raw = parseContentJson(text, FILE);
  if (!isRecord(raw) || !Array.isArray(raw.presets)) fail(FILE, 'presets are required');
  const presets: unknown[] = raw.presets;
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    for (const [index, bundle] of (Array.isArray(raw.bundles) ? raw.bundles : []).entries()) {
      if (!isRecord(bundle) || typeof bundle.id !== 'string' || bundle.type !== 'welcomePack') fail(FILE, `bundles[${index}] needs an id and type welcomePack`);
      if (await trx.selectFrom('promo_offer_bundles').select('id').where('id', '=', bundle.id).executeTakeFirst()) continue;
      await saveBundle(trx, { id: bundle.id, type: 'welcomePack', title: readTitles(bundle.title, `bundles[${index}]`, FILE), active: bundle.active !== false }, now);
    }
    for (const [index, set] of (Array.isArray(raw.sets) ? raw.sets : []).entries()) {
      if (!isRecord(set) || typeof set.id !== 'string') fail(FILE, `sets[${index}] needs an id`);
      if (await trx.selectFrom('promo_offer_sets').select('id').where('id', '=', set.id).executeTakeFirst()) continue;
      await saveSet(trx, { id: set.id, cooldownMs: whole(set.cooldownHours, `sets[${index}].cooldownHours`) * 3_600_000, active: set.active !== false }, now);
    }
    for (const [index, item] of presets.entries()) {
      const { preset, pkg } = readPreset(item, index);
      if (await trx.selectFrom('promo_offer_presets').select('package_id').where('package_id', '=', preset.packageId).executeTakeFirst()) continue;
      if (await trx.selectFrom('cashier_packages').select('id').where('id', '=', preset.packageId).executeTakeFirst()) fail(FILE, `presets[${index}].id ${preset.packageId} is already a regular package`);
      await savePreset(trx, preset, pkg, now);
    }
    await refreshWelcomeStatus(trx, now);
  });
}
