import type { Kysely } from 'kysely';
import type { Database } from '../../schema';
import { CONTENT_DIR, fail, isRecord, parseContentJson, readContentText } from '../../seeds/content-files';
import { findScheduleBySlug, insertSchedule } from '../repository';

const FILE = 'tournaments/schedules.json';

/**
 * Seeds the operator's tournament schedules from content/tournaments/schedules.json (games named by
 * slug). A schedule that exists (by slug) is left alone: operators edit it through the operator API.
 * Runs are planned by the server's planner job, not here.
 */
export async function seed(db: Kysely<Database>): Promise<void> {
  const text = readContentText(CONTENT_DIR, FILE);
  if (text === undefined) return;
  const raw = parseContentJson(text, FILE);
  if (!isRecord(raw) || !Array.isArray(raw.schedules)) fail(FILE, 'schedules is required');
  const now = Date.now();
  for (const [i, s] of raw.schedules.entries()) {
    if (!isRecord(s) || typeof s.slug !== 'string' || typeof s.title !== 'string' || !Array.isArray(s.gamesSlugs)) fail(FILE, `schedules.${i}: slug, title and gamesSlugs are required`);
    if (await findScheduleBySlug(db, s.slug)) continue;
    const games = await db.selectFrom('games').select('id').where('slug', 'in', s.gamesSlugs as string[]).execute();
    if (games.length === 0) continue;
    await insertSchedule(
      db,
      {
        slug: s.slug,
        title: s.title,
        title_es: typeof s.titleEs === 'string' ? s.titleEs : null,
        starts_at_ms: typeof s.startsAt === 'number' ? s.startsAt : null,
        cron: typeof s.cron === 'string' ? s.cron : null,
        time_zone: typeof s.timeZone === 'string' ? s.timeZone : 'UTC',
        duration_ms: Number(s.durationMs),
        open_lead_ms: Number(s.openLeadMs ?? 0),
        announce_lead_ms: Number(s.announceLeadMs ?? 0),
        bets_on: s.betsOn === 'entries' ? 'entries' : 'tournaments_points',
        games_json: JSON.stringify(games.map((g) => g.id).sort((a, b) => a - b)),
        rules_json: JSON.stringify(s.rules),
        prizes_json: JSON.stringify(s.prizes),
        teams_json: Array.isArray(s.teams) ? JSON.stringify(s.teams) : null,
        teams_es_json: Array.isArray(s.teams) && Array.isArray(s.teamsEs) && s.teamsEs.length === s.teams.length ? JSON.stringify(s.teamsEs) : null,
        enabled: 1,
      },
      now,
    );
  }
}
