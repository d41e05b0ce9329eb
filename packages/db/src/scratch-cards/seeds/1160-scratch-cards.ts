import { parsePrizeTable } from '@sweepstack/domain/rewards/prize-table';
import type { Kysely } from 'kysely';
import { currentPrizeTable, savePrizeTable, setRewardBudget } from '../../rewards/repository';
import type { Database } from '../../schema';
import { CONTENT_DIR, fail, isRecord, parseContentJson, readContentText } from '../../seeds/content-files';
import { saveScratchCardSettings, SCRATCH_CARD_TABLE } from '../repository';

const FILE = 'scratch-cards/cards.json';

function whole(value: unknown, what: string, nullable = false): number | null {
  if (nullable && value === null) return null;
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : fail(FILE, `${what} must be a whole number`);
}

/**
 * Seeds the scratch cards from content/scratch-cards/cards.json: the card's prize table, the daily
 * budgets and the rules. What exists is left alone: operators edit it through the operator API.
 */
export async function seed(db: Kysely<Database>): Promise<void> {
  const text = readContentText(CONTENT_DIR, FILE);
  if (text === undefined) return;
  const raw = parseContentJson(text, FILE);
  if (!isRecord(raw) || !isRecord(raw.table) || !isRecord(raw.settings) || !isRecord(raw.budgets)) fail(FILE, 'table, settings and budgets are required');
  const now = Date.now();
  if (!(await currentPrizeTable(db, SCRATCH_CARD_TABLE))) await savePrizeTable(db, parsePrizeTable({ ...raw.table, slug: SCRATCH_CARD_TABLE, feature: 'scratch-cards' }), { nowMs: now });
  const existing = await db.selectFrom('reward_budgets').select('currency').where('feature', '=', 'scratch-cards').execute();
  for (const currency of ['GC', 'FC'] as const) {
    const limit = whole(raw.budgets[currency], `budgets.${currency}`)!;
    if (!existing.some((b) => b.currency === currency)) await setRewardBudget(db, 'scratch-cards', currency, limit, now);
  }
  if (await db.selectFrom('scratch_card_settings').select('id').executeTakeFirst()) return;
  const s = raw.settings;
  await saveScratchCardSettings(
    db,
    {
      active: s.active === true,
      finishesAtMs: null,
      purchaseThresholdCents: whole(s.purchaseThresholdCents, 'settings.purchaseThresholdCents', true),
      freeDaily: s.freeDaily === true,
      activationDelayMs: whole(s.activationDelayMs, 'settings.activationDelayMs')!,
      lifetimeMs: whole(s.lifetimeMs, 'settings.lifetimeMs')!,
    },
    now,
  );
}
