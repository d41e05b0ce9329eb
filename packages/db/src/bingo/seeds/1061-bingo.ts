import { parsePrizeTable } from '@sweepstack/domain/rewards/prize-table';
import type { Kysely } from 'kysely';
import { currentPrizeTable, savePrizeTable, setRewardBudget } from '../../rewards/repository';
import type { Database } from '../../schema';
import { CONTENT_DIR, fail, isRecord, parseContentJson, readContentText } from '../../seeds/content-files';
import { BINGO_TABLES } from '../repository';

const FILE = 'bingo/bingo.json';

/**
 * Seeds bingo's prize tables (a line, the full card) and its daily budget from content/bingo/bingo.json.
 * What exists is left alone: operators edit it through the operator API.
 */
export async function seed(db: Kysely<Database>): Promise<void> {
  const text = readContentText(CONTENT_DIR, FILE);
  if (text === undefined) return;
  const raw = parseContentJson(text, FILE);
  if (!isRecord(raw) || !isRecord(raw.tables) || !isRecord(raw.budgets)) fail(FILE, 'tables and budgets are required');
  const now = Date.now();
  for (const slug of Object.values(BINGO_TABLES)) {
    const table = raw.tables[slug];
    if (!isRecord(table)) fail(FILE, `tables.${slug} is required`);
    if (await currentPrizeTable(db, slug)) continue;
    await savePrizeTable(db, parsePrizeTable({ ...table, slug, feature: 'bingo' }), { nowMs: now });
  }
  const existing = await db.selectFrom('reward_budgets').select('currency').where('feature', '=', 'bingo').execute();
  for (const currency of ['GC', 'FC'] as const) {
    const limit = raw.budgets[currency];
    if (typeof limit !== 'number' || !Number.isSafeInteger(limit) || limit < 0) fail(FILE, `budgets.${currency} must be a whole number`);
    if (!existing.some((b) => b.currency === currency)) await setRewardBudget(db, 'bingo', currency, limit, now);
  }
}
