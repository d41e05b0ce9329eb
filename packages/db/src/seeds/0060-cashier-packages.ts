import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { CONTENT_DIR, fail, isRecord, parseContentJson, readContentText, readItems } from './content-files';

const FILE = 'cashier/packages.json';

interface PackageRow {
  id: string;
  price_cents: number;
  usual_price_cents: number | null;
  gold_coins: number;
  fortune_cents: number;
  badge_label: string | null;
  best_deal: number;
  most_popular: number;
  active: number;
  sort_order: number;
}

function wholeNumber(value: unknown, where: string, allowZero = true): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0 || (!allowZero && value === 0)) fail(FILE, `${where} must be a ${allowZero ? 'non-negative' : 'positive'} integer`);
  return value;
}

/** Parses and checks content/cashier/packages.json (a broken file stops the seed, naming the package). */
export function readCashierPackages(contentDir = CONTENT_DIR): PackageRow[] {
  const text = readContentText(contentDir, FILE);
  if (text === undefined) return [];
  const seen = new Set<string>();
  return readItems(parseContentJson(text, FILE), 'packages', FILE).map((item, index) => {
    if (!isRecord(item)) fail(FILE, `packages[${index}] must be an object`);
    const id = item.id;
    if (typeof id !== 'string' || !/^[a-z0-9][a-z0-9-]{0,63}$/.test(id)) fail(FILE, `packages[${index}].id must be a lower-case slug`);
    if (seen.has(id)) fail(FILE, `duplicate package id ${id}`);
    seen.add(id);
    const price = wholeNumber(item.priceCents, `${id}.priceCents`, false);
    const usual = item.usualPriceCents === null || item.usualPriceCents === undefined ? null : wholeNumber(item.usualPriceCents, `${id}.usualPriceCents`, false);
    if (usual !== null && usual <= price) fail(FILE, `${id}.usualPriceCents must be above priceCents`);
    const badge = item.badgeLabel ?? null;
    if (badge !== null && (typeof badge !== 'string' || badge.length > 64)) fail(FILE, `${id}.badgeLabel must be a short text or null`);
    return {
      id,
      price_cents: price,
      usual_price_cents: usual,
      gold_coins: wholeNumber(item.goldCoins, `${id}.goldCoins`),
      fortune_cents: wholeNumber(item.fortuneCents, `${id}.fortuneCents`),
      badge_label: badge,
      best_deal: item.bestDeal === true ? 1 : 0,
      most_popular: item.mostPopular === true ? 1 : 0,
      active: item.active === false ? 0 : 1,
      sort_order: wholeNumber(item.sortOrder ?? index, `${id}.sortOrder`),
    };
  });
}

/** Coin packages from the versioned file; re-running updates them to the file (idempotent). */
export async function seed(db: Kysely<Database>): Promise<void> {
  const now = Date.now();
  for (const row of readCashierPackages()) {
    await db
      .insertInto('cashier_packages')
      .values({ ...row, updated_at_ms: now })
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({
          price_cents: row.price_cents,
          usual_price_cents: row.usual_price_cents,
          gold_coins: row.gold_coins,
          fortune_cents: row.fortune_cents,
          badge_label: row.badge_label,
          best_deal: row.best_deal,
          most_popular: row.most_popular,
          active: row.active,
          sort_order: row.sort_order,
        }),
      )
      .execute();
  }
}
