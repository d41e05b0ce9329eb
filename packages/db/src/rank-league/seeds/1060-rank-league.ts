import { parseLeagueRules } from '@sweepstack/domain/rank-league/rules';
import type { Kysely } from 'kysely';
import type { Database } from '../../schema';
import { CONTENT_DIR, fail, isRecord, parseContentJson, readContentText } from '../../seeds/content-files';
import { leagueVersionAt, refreshLeagueStatus, saveLeagueVersion, setLeagueEnabled } from '../repository';

const FILE = 'rank-league/league.json';

/**
 * Seeds the rank league's first rules (in force from the epoch) and its switch from
 * content/rank-league/league.json once; operators edit them afterwards. Writes the status row app init reads.
 */
export async function seed(db: Kysely<Database>): Promise<void> {
  const now = Date.now();
  if (await leagueVersionAt(db, Number.MAX_SAFE_INTEGER)) return;
  const text = readContentText(CONTENT_DIR, FILE);
  if (text === undefined) return;
  const raw = parseContentJson(text, FILE);
  if (!isRecord(raw) || !isRecord(raw.rules)) fail(FILE, 'rules are required');
  let rules;
  try {
    rules = parseLeagueRules(raw.rules);
  } catch (error) {
    fail(FILE, error instanceof Error ? error.message : String(error));
  }
  await db.transaction().execute(async (trx) => {
    await saveLeagueVersion(trx, rules, 0, 0);
    await setLeagueEnabled(trx, raw.enabled !== false, now);
    await refreshLeagueStatus(trx, now);
  });
}
