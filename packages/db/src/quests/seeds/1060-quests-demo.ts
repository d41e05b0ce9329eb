import { QUEST_DAY_MS } from '@sweepstack/domain/quests/quest-rules';
import type { Kysely } from 'kysely';
import type { Database } from '../../schema';
import type { SeedOptions } from '../../seed';
import { CONTENT_DIR, fail, isRecord, parseContentJson, readContentText } from '../../seeds/content-files';
import { insertQuest, insertQuestTask, questBySlug, type QuestTaskInput } from '../repository';

const FILE = 'quests/quests.json';
const KINDS = ['rounds', 'wager', 'win', 'purchase', 'visit'] as const;

/**
 * Seeds the quests of content/quests/quests.json (games named by slug), starting when seeded, running
 * when the file marks them active and the seed is asked to start quests (`questsRunning`: `npm start`).
 * A quest whose slug exists is left alone: operators edit it through the operator API.
 */
export async function seed(db: Kysely<Database>, options: Pick<SeedOptions, 'questsRunning'> = {}): Promise<void> {
  const text = readContentText(CONTENT_DIR, FILE);
  if (text === undefined) return;
  const raw = parseContentJson(text, FILE);
  if (!isRecord(raw) || !Array.isArray(raw.quests)) fail(FILE, 'quests is required');
  const now = Date.now();
  const games = new Map((await db.selectFrom('games').select(['id', 'slug']).execute()).map((g) => [g.slug, Number(g.id)]));
  const idsOf = (slugs: unknown, where: string): number[] => {
    if (slugs === undefined) return [];
    if (!Array.isArray(slugs)) fail(FILE, `${where} must be a list of game slugs`);
    return slugs.map((slug) => games.get(String(slug)) ?? fail(FILE, `${where}: no game ${String(slug)}`));
  };
  for (const [q, quest] of raw.quests.entries()) {
    if (!isRecord(quest) || typeof quest.slug !== 'string' || !Array.isArray(quest.tasks) || !isRecord(quest.title) || typeof quest.daysCount !== 'number') fail(FILE, `quests[${q}] needs slug, title, daysCount and tasks`);
    if (await questBySlug(db, quest.slug)) continue;
    const sets: Record<string, number[]> = {};
    for (const [key, slugs] of Object.entries(isRecord(quest.sharedGameSets) ? quest.sharedGameSets : {})) sets[key] = idsOf(slugs, `quests[${q}].sharedGameSets.${key}`);
    const startsAtMs = Math.floor(now / QUEST_DAY_MS) * QUEST_DAY_MS;
    const id = await insertQuest(
      db,
      {
        slug: quest.slug,
        type: quest.type === 'advent' ? 'advent' : 'season',
        title: { en: String(quest.title.en), es: String(quest.title.es) },
        startsAtMs,
        endsAtMs: startsAtMs + (quest.daysCount + 7) * QUEST_DAY_MS,
        dayCount: quest.daysCount,
        active: quest.active === true && options.questsRunning === true,
        sharedGameSets: sets,
      },
      now,
    );
    for (const [t, task] of quest.tasks.entries()) {
      if (!isRecord(task) || !KINDS.includes(task.kind as (typeof KINDS)[number]) || typeof task.target !== 'number' || !isRecord(task.prize)) fail(FILE, `quests[${q}].tasks[${t}] needs kind, target and prize`);
      const input: QuestTaskInput = {
        dayIndex: Number(task.dayIndex ?? 0),
        sortOrder: t,
        kind: task.kind as (typeof KINDS)[number],
        target: task.target,
        currency: task.currency === 'GC' || task.currency === 'FC' ? task.currency : null,
        gameIds: idsOf(task.games, `quests[${q}].tasks[${t}].games`),
        sharedSetKeys: Array.isArray(task.sharedSets) ? task.sharedSets.map(String) : [],
        feature: typeof task.feature === 'string' ? task.feature : null,
        minAmountCents: Number(task.minAmountCents ?? 0),
        prize: { gc: Number(task.prize.coins ?? 0), fcCents: Number(task.prize.entriesCents ?? 0) },
      };
      await insertQuestTask(db, id, input, now);
    }
  }
}
