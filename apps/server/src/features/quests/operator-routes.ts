import { AppError } from '@sweepstack/contracts/errors';
import { ZCreateQuestRequest, ZQuestInput, ZQuestTaskInput, type QuestInputBody, type QuestTaskInputBody } from '@sweepstack/contracts/quests/operator';
import { insertQuest, insertQuestTask, listQuests, questById, questBySlug, taskHasProgress, updateQuest, updateQuestTask, type QuestInput, type QuestTaskInput, type QuestWithTasks } from '@sweepstack/db/quests/repository';
import type { Database } from '@sweepstack/db/schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { OperatorRouteTools } from '../../platform/define-feature';

const ZQuestParams = z.strictObject({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const ZTaskParams = ZQuestParams.extend({ taskId: z.coerce.number().int().min(1).max(2_147_483_647) }).strict();

function questInput(body: QuestInputBody): QuestInput {
  return { slug: body.slug, type: body.type, title: body.title, startsAtMs: Date.parse(body.startsAt), endsAtMs: Date.parse(body.endsAt), dayCount: body.daysCount, active: body.active, sharedGameSets: body.sharedGameSets };
}

function taskInput(body: QuestTaskInputBody): QuestTaskInput {
  return {
    dayIndex: body.dayIndex,
    sortOrder: body.sortOrder,
    kind: body.kind,
    target: body.target,
    currency: body.currency,
    gameIds: body.gameIds,
    sharedSetKeys: body.sharedGameIds,
    feature: body.kind === 'visit' ? body.feature : null,
    minAmountCents: body.kind === 'purchase' ? body.minAmountCents : 0,
    prize: { gc: body.prize.coins, fcCents: body.prize.entriesCents },
  };
}

/** A task must fit its quest: its day exists, its shared sets are the quest's, its games exist. */
async function checkTask(trx: Transaction<Database>, quest: QuestInput, task: QuestTaskInput, index: number | null): Promise<void> {
  const field = (name: string) => (index === null ? name : `tasks.${index}.${name}`);
  if (task.dayIndex >= quest.dayCount) throw new AppError('QUESTS_BAD_TASK', { fields: { [field('dayIndex')]: `The quest has ${quest.dayCount} days (0–${quest.dayCount - 1})` } });
  const unknownSet = task.sharedSetKeys.find((key) => !(key in quest.sharedGameSets));
  if (unknownSet !== undefined) throw new AppError('QUESTS_BAD_TASK', { fields: { [field('sharedGameIds')]: `No shared game set ${unknownSet}` } });
  await checkGames(trx, task.gameIds, field('gameIds'));
}

async function checkGames(trx: Transaction<Database>, ids: readonly number[], field: string): Promise<void> {
  if (ids.length === 0) return;
  const found = await trx.selectFrom('games').select('id').where('id', 'in', [...ids]).execute();
  const known = new Set(found.map((g) => Number(g.id)));
  const missing = ids.find((id) => !known.has(id));
  if (missing !== undefined) throw new AppError('QUESTS_BAD_TASK', { fields: { [field]: `No game ${missing}` } });
}

function sameList(a: readonly unknown[], b: readonly unknown[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Operator calls under /api/operator/quests/: quests, their days and tasks; every change audited. */
export function questOperatorRoutes(fastify: FastifyInstance, { audit }: OperatorRouteTools): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;
  const db = deps.database.db;
  const read = { operatorRoles: ['support', 'compliance'] as const };
  const write = { operatorRoles: ['compliance'] as const };

  const found = async (trx: Transaction<Database> | typeof db, id: number): Promise<QuestWithTasks> => {
    const quest = await questById(trx, id);
    if (!quest) throw new AppError('QUESTS_NOT_FOUND');
    return quest;
  };

  app.get('/', { config: read, schema: { tags: ['operator'], summary: 'Every quest' } }, async () => ({ success: true as const, data: await listQuests(db) }));

  app.get('/quests/:id/', { config: read, schema: { tags: ['operator'], summary: 'A quest with its tasks', params: ZQuestParams } }, async (request) => ({ success: true as const, data: await found(db, request.params.id) }));

  app.post('/quests/', { config: write, schema: { tags: ['operator'], summary: 'Create a quest (season or advent) with its tasks', body: ZCreateQuestRequest } }, async (request) => {
    const nowMs = deps.clock.nowMs();
    const quest = questInput(request.body.quest);
    const created = await db.transaction().execute(async (trx) => {
      if (await questBySlug(trx, quest.slug)) throw new AppError('QUESTS_SLUG_TAKEN');
      for (const set of Object.values(quest.sharedGameSets)) await checkGames(trx, set, 'quest.sharedGameSets');
      const tasks = request.body.tasks.map(taskInput);
      for (const [index, task] of tasks.entries()) await checkTask(trx, quest, task, index);
      const id = await insertQuest(trx, quest, nowMs);
      for (const task of tasks) await insertQuestTask(trx, id, task, nowMs);
      const saved = await found(trx, id);
      await audit(trx, request, { action: 'quest.create', targetType: 'quest', targetId: id, after: saved });
      return saved;
    });
    return { success: true as const, data: created };
  });

  app.put('/quests/:id/', { config: write, schema: { tags: ['operator'], summary: 'Edit a quest: title, times, days, active, shared game sets', params: ZQuestParams, body: ZQuestInput } }, async (request) => {
    const nowMs = deps.clock.nowMs();
    const quest = questInput(request.body);
    const saved = await db.transaction().execute(async (trx) => {
      const before = await found(trx, request.params.id);
      const other = await questBySlug(trx, quest.slug);
      if (other && other.id !== before.id) throw new AppError('QUESTS_SLUG_TAKEN');
      for (const set of Object.values(quest.sharedGameSets)) await checkGames(trx, set, 'sharedGameSets');
      for (const task of before.tasks) await checkTask(trx, quest, task, null);
      await updateQuest(trx, before.id, quest, nowMs);
      const after = await found(trx, before.id);
      await audit(trx, request, { action: 'quest.update', targetType: 'quest', targetId: before.id, before, after });
      return after;
    });
    return { success: true as const, data: saved };
  });

  app.post('/quests/:id/tasks/', { config: write, schema: { tags: ['operator'], summary: 'Add a task to a day of a quest', params: ZQuestParams, body: ZQuestTaskInput } }, async (request) => {
    const nowMs = deps.clock.nowMs();
    const saved = await db.transaction().execute(async (trx) => {
      const quest = await found(trx, request.params.id);
      const task = taskInput(request.body);
      await checkTask(trx, quest, task, null);
      const id = await insertQuestTask(trx, quest.id, task, nowMs);
      await audit(trx, request, { action: 'task.create', targetType: 'quest_task', targetId: id, after: { questId: quest.id, ...task } });
      return found(trx, quest.id);
    });
    return { success: true as const, data: saved };
  });

  app.put('/quests/:id/tasks/:taskId/', { config: write, schema: { tags: ['operator'], summary: 'Edit a task (with player progress: only its target upward, its prize and order)', params: ZTaskParams, body: ZQuestTaskInput } }, async (request) => {
    const nowMs = deps.clock.nowMs();
    const saved = await db.transaction().execute(async (trx) => {
      const quest = await found(trx, request.params.id);
      const before = quest.tasks.find((t) => t.id === request.params.taskId);
      if (!before) throw new AppError('QUESTS_NOT_FOUND');
      const task = taskInput(request.body);
      await checkTask(trx, quest, task, null);
      // Progress never goes backwards: once players count toward a task, what it counts stays as it was.
      if (await taskHasProgress(trx, before.id)) {
        const changesWhat = task.kind !== before.kind || task.dayIndex !== before.dayIndex || task.currency !== before.currency || task.feature !== before.feature || task.minAmountCents !== before.minAmountCents || !sameList(task.gameIds, before.gameIds) || !sameList(task.sharedSetKeys, before.sharedSetKeys);
        if (changesWhat || task.target < before.target) throw new AppError('QUESTS_TASK_IN_PROGRESS');
      }
      await updateQuestTask(trx, before.id, task, nowMs);
      await audit(trx, request, { action: 'task.update', targetType: 'quest_task', targetId: before.id, before, after: task });
      return found(trx, quest.id);
    });
    return { success: true as const, data: saved };
  });
}
