/**
 * Quests (docs/features/quests.md): a quest of type `season` or `advent` has days that unlock in
 * order, each with tasks whose progress comes from what the player does (rounds, wagers, wins,
 * purchases, using a feature). Pure rules: the server feeds activities in the order they happened.
 */

export type QuestType = 'season' | 'advent';
export type QuestTaskKind = 'rounds' | 'wager' | 'win' | 'purchase' | 'visit';
export const QUEST_TASK_KINDS: readonly QuestTaskKind[] = ['rounds', 'wager', 'win', 'purchase', 'visit'];
/** Features whose use a `visit` task can count (each has a typed event the server listens to). */
export const QUEST_VISIT_FEATURES = ['wheel-of-treasure', 'daily-login'] as const;
export type QuestVisitFeature = (typeof QUEST_VISIT_FEATURES)[number];

export const QUEST_DAY_MS = 86_400_000;

export interface QuestTaskRule {
  id: number;
  dayIndex: number;
  kind: QuestTaskKind;
  /** Rounds, coins (the currency's ledger unit), purchases or uses needed. */
  target: number;
  /** For `wager` and `win`: the currency counted; for `rounds`: null counts both. */
  currency: 'GC' | 'FC' | null;
  /** Games that count (the task's own and those of its shared sets); empty: every game. */
  gameIds: readonly number[];
  /** For `visit`: the feature to use. */
  feature: QuestVisitFeature | null;
  /** For `purchase`: the least a purchase must cost to count (USD cents). */
  minAmountCents: number;
}

export interface QuestRule {
  id: number;
  type: QuestType;
  startsAtMs: number;
  endsAtMs: number;
  dayCount: number;
  tasks: readonly QuestTaskRule[];
}

export interface TaskProgress {
  progress: number;
  completedAtMs: number | null;
}

export type QuestActivity =
  | { kind: 'round'; atMs: number; gameId: number; currency: 'GC' | 'FC'; stake: number; win: number }
  | { kind: 'purchase'; atMs: number; amountCents: number }
  | { kind: 'visit'; atMs: number; feature: string };

export interface QuestDayState {
  index: number;
  isCompleted: boolean;
  isEnded: boolean;
  isLocked: boolean;
  /** When the day opened (or opens, for an advent day still ahead); null: a season day not unlocked yet. */
  opensAtMs: number | null;
  /** When the day's last task was completed, or null. */
  completedAtMs: number | null;
}

const EMPTY: TaskProgress = { progress: 0, completedAtMs: null };

function tasksOfDay(quest: QuestRule, dayIndex: number): QuestTaskRule[] {
  return quest.tasks.filter((t) => t.dayIndex === dayIndex);
}

/** When every task of a day was completed (a day without tasks is complete when it opens), or null. */
function dayCompletedAtMs(quest: QuestRule, dayIndex: number, progress: ReadonlyMap<number, TaskProgress>, opensAtMs: number | null): number | null {
  const tasks = tasksOfDay(quest, dayIndex);
  if (tasks.length === 0) return opensAtMs;
  let last = 0;
  for (const task of tasks) {
    const done = progress.get(task.id)?.completedAtMs ?? null;
    if (done === null) return null;
    last = Math.max(last, done);
  }
  return last;
}

/**
 * When a day opens. Advent: one day per 24 h from the quest's start, whatever was done before.
 * Season: the first day at the start, each next one when the day before it was completed (null until then).
 */
export function dayOpensAtMs(quest: QuestRule, dayIndex: number, progress: ReadonlyMap<number, TaskProgress>): number | null {
  if (quest.type === 'advent') return quest.startsAtMs + dayIndex * QUEST_DAY_MS;
  let opensAt: number | null = quest.startsAtMs;
  for (let day = 0; day < dayIndex; day++) {
    opensAt = dayCompletedAtMs(quest, day, progress, opensAt);
    if (opensAt === null) return null;
  }
  return opensAt;
}

/** The days as the player sees them at `nowMs` (spec §3 Quest playerData.days). */
export function questDays(quest: QuestRule, progress: ReadonlyMap<number, TaskProgress>, nowMs: number): QuestDayState[] {
  const days: QuestDayState[] = [];
  for (let index = 0; index < quest.dayCount; index++) {
    const opensAtMs = dayOpensAtMs(quest, index, progress);
    const completedAtMs = opensAtMs === null ? null : dayCompletedAtMs(quest, index, progress, opensAtMs);
    const isCompleted = completedAtMs !== null && tasksOfDay(quest, index).length > 0;
    days.push({
      index,
      isCompleted,
      isEnded: nowMs >= quest.endsAtMs,
      isLocked: opensAtMs === null || nowMs < opensAtMs || nowMs < quest.startsAtMs,
      opensAtMs,
      completedAtMs: isCompleted ? completedAtMs : null,
    });
  }
  return days;
}

/** How much one activity moves one task (0 when it does not count for it). */
export function taskDelta(task: QuestTaskRule, activity: QuestActivity): number {
  switch (task.kind) {
    case 'rounds':
      if (activity.kind !== 'round' || (task.currency !== null && activity.currency !== task.currency)) return 0;
      return task.gameIds.length === 0 || task.gameIds.includes(activity.gameId) ? 1 : 0;
    case 'wager':
    case 'win': {
      if (activity.kind !== 'round' || activity.currency !== (task.currency ?? 'GC')) return 0;
      if (task.gameIds.length > 0 && !task.gameIds.includes(activity.gameId)) return 0;
      return task.kind === 'wager' ? activity.stake : activity.win;
    }
    case 'purchase':
      return activity.kind === 'purchase' && activity.amountCents >= task.minAmountCents ? 1 : 0;
    case 'visit':
      return activity.kind === 'visit' && activity.feature === task.feature ? 1 : 0;
  }
}

export interface QuestProgressResult {
  /** Every task whose progress moved, with its new progress. */
  changed: Map<number, TaskProgress>;
  /** Tasks completed by these activities, in the order they completed. */
  completed: number[];
}

/**
 * Applies activities (in the order they happened) to a player's progress. An activity counts for a
 * task when the quest was running and the task's day was open at the time it happened. Progress only
 * grows and stops at the target; a completed task stays completed.
 */
export function applyQuestActivities(quest: QuestRule, before: ReadonlyMap<number, TaskProgress>, activities: readonly QuestActivity[]): QuestProgressResult {
  const progress = new Map(before);
  const changed = new Map<number, TaskProgress>();
  const completed: number[] = [];
  for (const activity of [...activities].sort((a, b) => a.atMs - b.atMs)) {
    if (activity.atMs < quest.startsAtMs || activity.atMs >= quest.endsAtMs) continue;
    // Which days were open when it happened, before it counted: the round that completes a season
    // day does not also count for the day it unlocks.
    const opens: (number | null)[] = [];
    for (let day = 0; day < quest.dayCount; day++) opens.push(dayOpensAtMs(quest, day, progress));
    for (let day = 0; day < quest.dayCount; day++) {
      const opensAt = opens[day] ?? null;
      if (opensAt === null) break;
      if (activity.atMs < opensAt) continue;
      for (const task of tasksOfDay(quest, day)) {
        const now = progress.get(task.id) ?? EMPTY;
        if (now.completedAtMs !== null) continue;
        const delta = taskDelta(task, activity);
        if (delta <= 0) continue;
        const value = Math.min(task.target, now.progress + delta);
        const next = { progress: value, completedAtMs: value >= task.target ? activity.atMs : null };
        progress.set(task.id, next);
        changed.set(task.id, next);
        if (next.completedAtMs !== null) completed.push(task.id);
      }
    }
  }
  return { changed, completed };
}

/** A task's progress in percent (0–100, floored), as spec §3 `progress` shows it. */
export function progressPercent(progress: number, target: number): number {
  if (target <= 0) return 100;
  return Math.min(100, Math.floor((progress * 100) / target));
}
