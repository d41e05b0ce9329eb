import type { QuestRule, QuestTaskRule, QuestType, QuestVisitFeature, TaskProgress, QuestTaskKind } from '@sweepstack/domain/quests/quest-rules';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../schema';
import { powerOfTwoChunks, statementsOf, valuesList } from '../statements';
import './tables';
import type { QuestsTable, QuestTasksTable } from './tables';

/** Quests' SQL (docs/features/quests.md). */
type Db = Kysely<Database> | Transaction<Database>;

export interface QuestTitle {
  en: string;
  es: string;
}

export interface QuestTaskRow {
  id: number;
  questId: number;
  dayIndex: number;
  sortOrder: number;
  kind: QuestTaskKind;
  target: number;
  currency: 'GC' | 'FC' | null;
  gameIds: number[];
  sharedSetKeys: string[];
  feature: string | null;
  minAmountCents: number;
  prize: { gc: number; fcCents: number };
}

export interface QuestRow {
  id: number;
  slug: string;
  type: QuestType;
  title: QuestTitle;
  startsAtMs: number;
  endsAtMs: number;
  dayCount: number;
  active: boolean;
  sharedGameSets: Record<string, number[]>;
}

export interface QuestWithTasks extends QuestRow {
  tasks: QuestTaskRow[];
}

function toQuest(row: Selectable<QuestsTable>): QuestRow {
  return {
    id: Number(row.id),
    slug: row.slug,
    type: row.type,
    title: JSON.parse(row.title_json) as QuestTitle,
    startsAtMs: Number(row.starts_at_ms),
    endsAtMs: Number(row.ends_at_ms),
    dayCount: Number(row.day_count),
    active: Number(row.active) === 1,
    sharedGameSets: JSON.parse(row.shared_game_sets_json) as Record<string, number[]>,
  };
}

function toTask(row: Selectable<QuestTasksTable>): QuestTaskRow {
  return {
    id: Number(row.id),
    questId: Number(row.quest_id),
    dayIndex: Number(row.day_index),
    sortOrder: Number(row.sort_order),
    kind: row.kind,
    target: Number(row.target),
    currency: row.currency,
    gameIds: JSON.parse(row.game_ids_json) as number[],
    sharedSetKeys: JSON.parse(row.shared_set_keys_json) as string[],
    feature: row.feature,
    minAmountCents: Number(row.min_amount_cents),
    prize: { gc: Number(row.prize_gc), fcCents: Number(row.prize_fc_cents) },
  };
}

async function withTasks(db: Db, quest: QuestRow | undefined): Promise<QuestWithTasks | null> {
  if (!quest) return null;
  const rows = await db.selectFrom('quest_tasks').selectAll().where('quest_id', '=', quest.id).orderBy('day_index').orderBy('sort_order').orderBy('id').execute();
  return { ...quest, tasks: rows.map(toTask) };
}

/** The quest running at `nowMs` (the one that started last when several overlap), with its tasks. */
export async function runningQuest(db: Db, nowMs: number): Promise<QuestWithTasks | null> {
  const row = await db.selectFrom('quests').selectAll().where('active', '=', 1).where('starts_at_ms', '<=', nowMs).where('ends_at_ms', '>', nowMs).orderBy('starts_at_ms', 'desc').orderBy('id', 'desc').executeTakeFirst();
  return withTasks(db, row ? toQuest(row) : undefined);
}

/** The next quest to start after `nowMs` (spec §3 futureQuest). */
export async function nextQuest(db: Db, nowMs: number): Promise<QuestWithTasks | null> {
  const row = await db.selectFrom('quests').selectAll().where('active', '=', 1).where('starts_at_ms', '>', nowMs).orderBy('starts_at_ms').orderBy('id').executeTakeFirst();
  return withTasks(db, row ? toQuest(row) : undefined);
}

export async function questById(db: Db, id: number): Promise<QuestWithTasks | null> {
  const row = await db.selectFrom('quests').selectAll().where('id', '=', id).executeTakeFirst();
  return withTasks(db, row ? toQuest(row) : undefined);
}

export async function questBySlug(db: Db, slug: string): Promise<QuestRow | null> {
  const row = await db.selectFrom('quests').selectAll().where('slug', '=', slug).executeTakeFirst();
  return row ? toQuest(row) : null;
}

export async function listQuests(db: Db): Promise<QuestRow[]> {
  return (await db.selectFrom('quests').selectAll().orderBy('starts_at_ms').orderBy('id').execute()).map(toQuest);
}

/** The pure rules' view of a quest: each task's games are its own plus those of its shared sets. */
export function questRuleOf(quest: QuestWithTasks): QuestRule {
  const tasks: QuestTaskRule[] = quest.tasks.map((task) => ({
    id: task.id,
    dayIndex: task.dayIndex,
    kind: task.kind,
    target: task.target,
    currency: task.currency,
    gameIds: [...new Set([...task.gameIds, ...task.sharedSetKeys.flatMap((key) => quest.sharedGameSets[key] ?? [])])],
    feature: task.feature as QuestVisitFeature | null,
    minAmountCents: task.minAmountCents,
  }));
  return { id: quest.id, type: quest.type, startsAtMs: quest.startsAtMs, endsAtMs: quest.endsAtMs, dayCount: quest.dayCount, tasks };
}

export interface QuestInput {
  slug: string;
  type: QuestType;
  title: QuestTitle;
  startsAtMs: number;
  endsAtMs: number;
  dayCount: number;
  active: boolean;
  sharedGameSets: Record<string, number[]>;
}

function questValues(input: QuestInput, nowMs: number) {
  return {
    slug: input.slug,
    type: input.type,
    title_json: JSON.stringify(input.title),
    starts_at_ms: input.startsAtMs,
    ends_at_ms: input.endsAtMs,
    day_count: input.dayCount,
    active: input.active ? 1 : 0,
    shared_game_sets_json: JSON.stringify(input.sharedGameSets),
    updated_at_ms: nowMs,
  };
}

export async function insertQuest(db: Db, input: QuestInput, nowMs: number): Promise<number> {
  const row = await db.insertInto('quests').values(questValues(input, nowMs)).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateQuest(db: Db, id: number, input: QuestInput, nowMs: number): Promise<void> {
  await db.updateTable('quests').set(questValues(input, nowMs)).where('id', '=', id).execute();
}

export type QuestTaskInput = Omit<QuestTaskRow, 'id' | 'questId'>;

function taskValues(input: QuestTaskInput, nowMs: number) {
  return {
    day_index: input.dayIndex,
    sort_order: input.sortOrder,
    kind: input.kind,
    target: input.target,
    currency: input.currency,
    game_ids_json: JSON.stringify(input.gameIds),
    shared_set_keys_json: JSON.stringify(input.sharedSetKeys),
    feature: input.feature,
    min_amount_cents: input.minAmountCents,
    prize_gc: input.prize.gc,
    prize_fc_cents: input.prize.fcCents,
    updated_at_ms: nowMs,
  };
}

export async function insertQuestTask(db: Db, questId: number, input: QuestTaskInput, nowMs: number): Promise<number> {
  const row = await db.insertInto('quest_tasks').values({ quest_id: questId, ...taskValues(input, nowMs) }).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateQuestTask(db: Db, taskId: number, input: QuestTaskInput, nowMs: number): Promise<void> {
  await db.updateTable('quest_tasks').set(taskValues(input, nowMs)).where('id', '=', taskId).execute();
}

/** Whether any player has progress on a task (its kind and day are then fixed). */
export async function taskHasProgress(db: Db, taskId: number): Promise<boolean> {
  const row = await db
    .selectFrom('quest_task_progress')
    .select('task_id')
    .where('task_id', '=', taskId)
    .where((eb) => eb.or([eb('progress', '>', 0), eb('completed_at_ms', 'is not', null)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Players' progress on a quest's tasks: player → task → progress. With `lockTaskIds` (a handler about
 * to add to it) every task's row of these players is created at 0 when missing and locked (PostgreSQL
 * `FOR UPDATE`, in player and task order), so two processes' batches of one player's rounds add up
 * one after the other instead of both adding to the same old value.
 */
export async function questProgressOf(db: Db, questId: number, playerIds: readonly number[], options: { lockTaskIds?: readonly number[]; nowMs?: number } = {}): Promise<Map<number, Map<number, TaskProgress>>> {
  const result = new Map<number, Map<number, TaskProgress>>();
  if (playerIds.length === 0) return result;
  const statements = statementsOf(db);
  const lockTaskIds = options.lockTaskIds ?? [];
  const players = [...playerIds].sort((a, b) => a - b);
  // PostgreSQL: rows exist before they are locked (FOR UPDATE), so concurrent batches of a player wait
  // for each other. SQLite runs one write transaction at a time: nothing to lock, nothing to create.
  const lock = lockTaskIds.length > 0 && statements.postgres;
  if (lock) {
    const rows = players.flatMap((playerId) => lockTaskIds.map((taskId) => [playerId, taskId, questId, 0, null, options.nowMs ?? 0]));
    for (const chunk of powerOfTwoChunks(rows)) {
      await statements.run(`insert into quest_task_progress (player_id, task_id, quest_id, progress, completed_at_ms, updated_at_ms) values ${valuesList(chunk.length, 6)} on conflict (player_id, task_id) do nothing`, chunk.flat());
    }
  }
  for (const chunk of powerOfTwoChunks(players)) {
    const rows = await statements.all<{ player_id: number | string; task_id: number | string; progress: number | string; completed_at_ms: number | string | null }>(
      `select player_id, task_id, progress, completed_at_ms from quest_task_progress where quest_id = ? and player_id in (${chunk.map(() => '?').join(', ')}) order by player_id, task_id${lock ? ' for update' : ''}`,
      [questId, ...chunk],
    );
    for (const row of rows) {
      const playerId = Number(row.player_id);
      const tasks = result.get(playerId) ?? new Map<number, TaskProgress>();
      tasks.set(Number(row.task_id), { progress: Number(row.progress), completedAtMs: row.completed_at_ms === null ? null : Number(row.completed_at_ms) });
      result.set(playerId, tasks);
    }
  }
  return result;
}

/**
 * Saves progress a handler computed, for one player or many, in one statement. The write itself keeps
 * progress from going backwards: the stored value is the larger of the two, and a completion time once
 * set is kept.
 */
export async function saveQuestProgress(trx: Db, playerId: number, questId: number, changed: ReadonlyMap<number, TaskProgress>, nowMs: number): Promise<void> {
  await saveQuestProgressOfMany(trx, questId, new Map([[playerId, changed]]), nowMs);
}

export async function saveQuestProgressOfMany(trx: Db, questId: number, changed: ReadonlyMap<number, ReadonlyMap<number, TaskProgress>>, nowMs: number): Promise<void> {
  const statements = statementsOf(trx);
  // Key order: concurrent batches lock rows in one order (no deadlock on PostgreSQL).
  const rows = [...changed]
    .sort(([a], [b]) => a - b)
    .flatMap(([playerId, tasks]) => [...tasks].sort(([a], [b]) => a - b).map(([taskId, value]) => [playerId, taskId, questId, value.progress, value.completedAtMs, nowMs]));
  for (const chunk of powerOfTwoChunks(rows)) {
    await statements.run(
      `insert into quest_task_progress (player_id, task_id, quest_id, progress, completed_at_ms, updated_at_ms) values ${valuesList(chunk.length, 6)} ` +
        'on conflict (player_id, task_id) do update set progress = case when quest_task_progress.progress > excluded.progress then quest_task_progress.progress else excluded.progress end, ' +
        'completed_at_ms = coalesce(quest_task_progress.completed_at_ms, excluded.completed_at_ms), updated_at_ms = excluded.updated_at_ms',
      chunk.flat(),
    );
  }
}
