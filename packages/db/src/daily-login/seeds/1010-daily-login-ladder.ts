import { parsePrize, type Prize } from '@sweepstack/domain/rewards/prize';
import type { Kysely } from 'kysely';
import type { Database } from '../../schema';
import { CONTENT_DIR, fail, isRecord, parseContentJson, readContentText } from '../../seeds/content-files';
import { currentLadder, saveLadder } from '../repository';

const FILE = 'daily-login/ladder.json';

/** Seeds the daily login ladder from content/daily-login/ladder.json once (operators edit it afterwards). */
export async function seed(db: Kysely<Database>): Promise<void> {
  if (await currentLadder(db)) return;
  const text = readContentText(CONTENT_DIR, FILE);
  if (text === undefined) return;
  const raw = parseContentJson(text, FILE) as { levels?: unknown; graceDays?: unknown; afterLast?: unknown; active?: unknown };
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
  await saveLadder(db, { levels, graceDays, afterLast, active: raw.active !== false, finishesAtMs: null }, { nowMs: Date.now() });
}
