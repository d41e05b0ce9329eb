import { parsePrizeTable } from '@sweepstack/domain/rewards/prize-table';
import type { Kysely } from 'kysely';
import { currentPrizeTable, savePrizeTable, setRewardBudget } from '../../rewards/repository';
import type { Database } from '../../schema';
import { CONTENT_DIR, fail, isRecord, parseContentJson, readContentText } from '../../seeds/content-files';
import { saveWheelSettings, setWheelOffer, WHEEL_TABLES } from '../repository';

const FILE = 'wheel-of-treasure/wheel.json';

/**
 * Seeds the wheel from content/wheel-of-treasure/wheel.json: its prize tables, budgets, rules and the
 * extra-wheel package. The extended wheel comes twice: `wheel-of-treasure-extra` and, with the lootbox
 * segment, `wheel-of-treasure-extra-lootbox`; the server draws from the second only in themes with the
 * lootboxes flag (spec §5). What exists is left alone: operators edit it through the operator API.
 */
export async function seed(db: Kysely<Database>): Promise<void> {
  const text = readContentText(CONTENT_DIR, FILE);
  if (text === undefined) return;
  const raw = parseContentJson(text, FILE);
  if (!isRecord(raw) || !isRecord(raw.tables) || !isRecord(raw.settings) || !isRecord(raw.budgets)) fail(FILE, 'tables, settings and budgets are required');
  const now = Date.now();
  const tables: Record<string, unknown> = { ...raw.tables };
  if (isRecord(raw.lootbox) && isRecord(raw.lootbox.table)) {
    const extra = tables[WHEEL_TABLES.extra];
    if (!isRecord(extra) || !Array.isArray(extra.segments)) fail(FILE, 'the extra wheel table is required');
    tables[WHEEL_TABLES.extraLootbox] = { ...extra, segments: [...extra.segments, raw.lootbox.segment] };
    tables[WHEEL_TABLES.lootbox] = raw.lootbox.table;
  }
  for (const [slug, table] of Object.entries(tables)) {
    if (!isRecord(table)) fail(FILE, `tables.${slug} must be an object`);
    if (await currentPrizeTable(db, slug)) continue;
    await savePrizeTable(db, parsePrizeTable({ ...table, slug, feature: 'wheel-of-treasure' }), { nowMs: now });
  }
  const existing = await db.selectFrom('reward_budgets').select('currency').where('feature', '=', 'wheel-of-treasure').execute();
  for (const currency of ['GC', 'FC'] as const) {
    const limit = raw.budgets[currency];
    if (typeof limit !== 'number' || !Number.isSafeInteger(limit) || limit < 0) fail(FILE, `budgets.${currency} must be a whole number`);
    if (!existing.some((b) => b.currency === currency)) await setRewardBudget(db, 'wheel-of-treasure', currency, limit, now);
  }
  const settings = raw.settings;
  if (!(await db.selectFrom('wheel_of_treasure_settings').select('id').executeTakeFirst())) {
    const boosterRounds = typeof settings.boosterRounds === 'number' && Number.isInteger(settings.boosterRounds) && settings.boosterRounds >= 0 ? settings.boosterRounds : fail(FILE, 'settings.boosterRounds must be a whole number');
    await saveWheelSettings(db, { active: settings.active !== false, boosterRounds, finishesAtMs: null }, now);
  }
  for (const [index, offer] of (Array.isArray(raw.offers) ? raw.offers : []).entries()) {
    if (!isRecord(offer) || !isRecord(offer.package) || typeof offer.package.id !== 'string' || typeof offer.spins !== 'number') fail(FILE, `offers[${index}] needs a package and spins`);
    const pkg = offer.package;
    const whole = (value: unknown, what: string) => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : fail(FILE, `offers[${index}].${what} must be a whole number`));
    await db
      .insertInto('cashier_packages')
      .values({ id: pkg.id as string, price_cents: whole(pkg.priceCents, 'priceCents'), usual_price_cents: null, gold_coins: whole(pkg.goldCoins, 'goldCoins'), fortune_cents: whole(pkg.fortuneCents, 'fortuneCents'), badge_label: null, best_deal: 0, most_popular: 0, active: 1, sort_order: whole(pkg.sortOrder, 'sortOrder'), updated_at_ms: now })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await setWheelOffer(db, pkg.id as string, offer.spins);
  }
}
