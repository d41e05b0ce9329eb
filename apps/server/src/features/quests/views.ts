import type { QuestsData, QuestTask } from '@sweepstack/contracts/quests/quest';
import { questProgressOf, questRuleOf, type QuestTaskRow, type QuestWithTasks } from '@sweepstack/db/quests/repository';
import type { Database } from '@sweepstack/db/schema';
import { progressPercent, questDays, type TaskProgress } from '@sweepstack/domain/quests/quest-rules';
import type { Kysely, Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

export const FEATURE = 'quests';

const iso = (ms: number) => new Date(ms).toISOString();

/** Where a visit task's button leads. */
const FEATURE_PAGES: Record<string, string> = { 'wheel-of-treasure': '/wheel-of-treasure/', 'daily-login': '/?openModal=daily-login' };

export function prizeView(prize: { gc: number; fcCents: number }): { entries: number; coins: number } {
  return { coins: prize.gc, entries: prize.fcCents / 100 };
}

function actionOf(task: QuestTaskRow, gameIds: readonly number[]): QuestTask['action'] {
  switch (task.kind) {
    case 'purchase':
      return { type: 'cashbox', details: {} };
    case 'visit':
      return { type: 'page', details: { url: FEATURE_PAGES[task.feature ?? ''] ?? '/' } };
    default:
      return gameIds.length === 1 ? { type: 'game', details: { gameId: gameIds[0]! } } : { type: 'games', details: {} };
  }
}

function summaryOf(quest: QuestWithTasks) {
  return { id: quest.id, slug: quest.slug, type: quest.type, title: quest.title, startsAt: iso(quest.startsAtMs), endsAt: iso(quest.endsAtMs), daysCount: quest.dayCount };
}

/** The days of a quest as spec §3 `playerData.days` shows them for this progress. */
export function questDaysView(quest: QuestWithTasks, progress: ReadonlyMap<number, TaskProgress>, nowMs: number): QuestsData['playerData'] {
  const rule = questRuleOf(quest);
  const days = questDays(rule, progress, nowMs);
  return {
    days: days.map((day) => ({
      index: day.index,
      isCompleted: day.isCompleted,
      isEnded: day.isEnded,
      isLocked: day.isLocked,
      opensAt: day.opensAtMs === null ? null : iso(day.opensAtMs),
      tasks: quest.tasks
        .filter((task) => task.dayIndex === day.index)
        .map((task) => {
          const mine = progress.get(task.id) ?? { progress: 0, completedAtMs: null };
          const counted = rule.tasks.find((t) => t.id === task.id)!.gameIds;
          const current = Math.min(mine.progress, task.target);
          return {
            id: task.id,
            kind: task.kind,
            isCompleted: mine.completedAtMs !== null,
            progress: mine.completedAtMs !== null ? 100 : progressPercent(current, task.target),
            current: mine.completedAtMs !== null ? task.target : current,
            target: task.target,
            currency: task.currency,
            feature: task.feature,
            minAmount: task.minAmountCents / 100,
            executionTimeData: { startedAt: day.opensAtMs === null ? null : iso(day.opensAtMs), finishedAt: iso(quest.endsAtMs), completedAt: mine.completedAtMs === null ? null : iso(mine.completedAtMs) },
            gameIds: task.gameIds,
            sharedGameIds: task.sharedSetKeys,
            prize: prizeView(task.prize),
            action: actionOf(task, counted),
          };
        }),
    })),
  };
}

/** GET /rest/quest/ and /rest/page/quests/: the running quest with the player's days, and the next one. */
export async function questsData(db: Db, input: { playerId: number | null; nowMs: number; withGames: boolean; running: QuestWithTasks | null; next: QuestWithTasks | null }): Promise<QuestsData> {
  const { running, next, nowMs } = input;
  const progress = running && input.playerId !== null ? ((await questProgressOf(db, running.id, [input.playerId])).get(input.playerId) ?? new Map()) : new Map<number, TaskProgress>();
  let games: QuestsData['games'] = null;
  if (input.withGames && running) {
    const ids = [...new Set(questRuleOf(running).tasks.flatMap((t) => t.gameIds))];
    games = {};
    if (ids.length > 0) {
      const rows = await db.selectFrom('games').select(['id', 'slug', 'title', 'title_es', 'image']).where('id', 'in', ids).execute();
      for (const row of rows) games[String(row.id)] = { id: Number(row.id), slug: row.slug, title: row.title, titleEs: row.title_es, img: row.image };
    }
  }
  return {
    type: running?.type ?? null,
    quest: running ? summaryOf(running) : null,
    futureQuest: next ? summaryOf(next) : null,
    playerData: running ? questDaysView(running, progress, nowMs) : null,
    sharedGameSets: running?.sharedGameSets ?? {},
    games,
    serverTime: iso(nowMs),
  };
}
