import type { Kysely } from 'kysely';
import type { Database } from '../../schema';
import { CONTENT_DIR, fail, isRecord, parseContentJson, readContentText } from '../../seeds/content-files';

const FILE = 'seasons/season.json';

/**
 * Seeds the cashier package an operator names as a season's premium pass (content/seasons/season.json).
 * Seasons themselves are operator data with real dates (the operator API creates them); an existing
 * package is left alone.
 */
export async function seed(db: Kysely<Database>): Promise<void> {
  const text = readContentText(CONTENT_DIR, FILE);
  if (text === undefined) return;
  const raw = parseContentJson(text, FILE);
  if (!isRecord(raw) || !isRecord(raw.premiumPackage) || typeof raw.premiumPackage.id !== 'string') fail(FILE, 'premiumPackage with an id is required');
  const pkg = raw.premiumPackage;
  const whole = (value: unknown, what: string) => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : fail(FILE, `premiumPackage.${what} must be a whole number`));
  await db
    .insertInto('cashier_packages')
    .values({ id: pkg.id as string, price_cents: whole(pkg.priceCents, 'priceCents'), usual_price_cents: null, gold_coins: whole(pkg.goldCoins, 'goldCoins'), fortune_cents: whole(pkg.fortuneCents, 'fortuneCents'), badge_label: null, best_deal: 0, most_popular: 0, active: 1, sort_order: whole(pkg.sortOrder, 'sortOrder'), updated_at_ms: Date.now() })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}
