import { checkMapSections, type MapSectionRule } from '@sweepstack/domain/adventure-map/map-rules';
import type { Kysely } from 'kysely';
import type { Database } from '../../schema';
import { CONTENT_DIR, fail, isRecord, parseContentJson, readContentText } from '../../seeds/content-files';
import { scheduleJob } from '../../jobs/repository';
import { adventureMapSettings, replaceAdventureMapSections, saveAdventureMapSettings } from '../repository';

const FILE = 'adventure-map/map.json';
const DAY_MS = 86_400_000;

/** Seeds the map of content/adventure-map/map.json, starting when seeded. An existing map is left alone. */
export async function seed(db: Kysely<Database>): Promise<void> {
  const text = readContentText(CONTENT_DIR, FILE);
  if (text === undefined) return;
  if (await adventureMapSettings(db)) return;
  const raw = parseContentJson(text, FILE);
  if (!isRecord(raw) || typeof raw.slug !== 'string' || !isRecord(raw.title) || !Array.isArray(raw.sections)) fail(FILE, 'slug, title and sections are required');
  const sections: MapSectionRule[] = raw.sections.map((s, index) => {
    if (!isRecord(s) || typeof s.pointsNeeded !== 'number' || !isRecord(s.award)) fail(FILE, `sections[${index}] needs pointsNeeded and award`);
    return { index, pointsNeeded: s.pointsNeeded, award: { gc: Number(s.award.coins ?? 0), fcCents: Number(s.award.entriesCents ?? 0) } };
  });
  const problem = checkMapSections(sections);
  if (problem) fail(FILE, problem);
  const now = Date.now();
  const startsAtMs = Math.floor(now / DAY_MS) * DAY_MS;
  const endsAtMs = startsAtMs + Number(raw.daysLong ?? 60) * DAY_MS;
  await saveAdventureMapSettings(
    db,
    {
      slug: raw.slug,
      title: { en: String(raw.title.en), es: String(raw.title.es) },
      active: raw.active !== false,
      startsAtMs,
      endsAtMs,
      pointsPerRound: Number(raw.pointsPerRound ?? 1),
      pointsPerTask: Number(raw.pointsPerTask ?? 0),
    },
    now,
  );
  await replaceAdventureMapSections(db, sections);
  // The server's adventure-map.finish job claims reached stops for their players at the end.
  await scheduleJob(db, 'adventure-map.finish', `adventure-map:${raw.slug}:${endsAtMs}`, endsAtMs, { slug: raw.slug, endsAtMs });
}
