import { parsePrize, type Prize } from '@sweepstack/domain/rewards/prize';
import type { Kysely } from 'kysely';
import type { Database } from '../../schema';
import { CONTENT_DIR, fail, isRecord, parseContentJson, readContentText } from '../../seeds/content-files';
import { rewardBudget, setRewardBudget } from '../../rewards/repository';
import { currentLadder, DAILY_LOGIN_FEATURE, hasDailyLoginStatus, saveLadder, writeDailyLoginStatus } from '../repository';

const FILE = 'daily-login/ladder.json';

/**
 * Seeds the daily login ladder and its daily budgets from content/daily-login/ladder.json once
 * (operators edit them afterwards), and the feature's status row app init reads.
 */
export async function seed(db: Kysely<Database>): Promise<void> {
  const existing = await currentLadder(db);
  if (existing) {
    // A database seeded before the status row existed gets it from its ladder.
    if (!(await hasDailyLoginStatus(db))) await writeDailyLoginStatus(db, existing, Date.now());
    return;
  }
  const text = readContentText(CONTENT_DIR, FILE);
  if (text === undefined) return;
  const raw = parseContentJson(text, FILE) as { levels?: unknown; graceDays?: unknown; afterLast?: unknown; active?: unknown; budgets?: unknown };
  if (!Array.isArray(raw.levels) || raw.levels.length === 0 || raw.levels.length > 31) fail(FILE, 'levels must list 1 to 31 prizes');
  const levels: Prize[] = [];
  for (const [index, level] of raw.levels.entries()) {
    if (!isRecord(level)) fail(FILE, `levels[${index}] must be an object`);
    // Free spins name their game by slug in the file; the prize keeps the game's id.
    if (level.kind === 'free_spins' && typeof level.gameSlug === 'string') {
      const game = await db.selectFrom('games').select('id').where('slug', '=', level.gameSlug).executeTakeFirst();
      if (!game) fail(FILE, `levels[${index}]: no game ${level.gameSlug}`);
      const { gameSlug: _slug, ...rest } = level;
      levels.push(parsePrize({ ...rest, gameId: Number(game.id) }));
    } else levels.push(parsePrize(level));
  }
  const graceDays = typeof raw.graceDays === 'number' && Number.isInteger(raw.graceDays) && raw.graceDays >= 0 && raw.graceDays <= 7 ? raw.graceDays : fail(FILE, 'graceDays must be 0 to 7');
  const afterLast = raw.afterLast === 'wrap' || raw.afterLast === 'hold' ? raw.afterLast : fail(FILE, 'afterLast must be wrap or hold');
  const nowMs = Date.now();
  await db.transaction().execute(async (trx) => {
    const ladder = await saveLadder(trx, { levels, graceDays, afterLast, active: raw.active !== false, finishesAtMs: null }, { nowMs });
    await writeDailyLoginStatus(trx, ladder, nowMs);
    if (raw.budgets !== undefined) {
      if (!isRecord(raw.budgets)) fail(FILE, 'budgets must be an object of GC and FC daily limits');
      const current = await rewardBudget(trx, DAILY_LOGIN_FEATURE, '');
      for (const [currency, limit] of Object.entries(raw.budgets)) {
        if (currency !== 'GC' && currency !== 'FC') fail(FILE, `budgets.${currency}: only GC and FC`);
        if (typeof limit !== 'number' || !Number.isSafeInteger(limit) || limit < 0) fail(FILE, `budgets.${currency} must be a whole number`);
        if ((currency === 'GC' ? current.budget.gc : current.budget.fcCents) === null) await setRewardBudget(trx, DAILY_LOGIN_FEATURE, currency, limit, nowMs);
      }
    }
  });
}
