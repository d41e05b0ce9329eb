import { CashierDepositCompleted } from '@sweepstack/contracts/cashier/events';
import { DailyLoginPrizeClaimed } from '@sweepstack/contracts/daily-login/events';
import { GameRoundPlayed } from '@sweepstack/contracts/games/events';
import { QuestTaskCompleted, QuestTaskProgressed } from '@sweepstack/contracts/quests/events';
import { WheelOfTreasureSpun } from '@sweepstack/contracts/wheel-of-treasure/events';
import { questProgressOf, questRuleOf, runningQuest, saveQuestProgressOfMany } from '@sweepstack/db/quests/repository';
import { applyQuestActivities, progressPercent, type QuestActivity, type TaskProgress } from '@sweepstack/domain/quests/quest-rules';
import type { EventContext, On, OnBatch } from '../../events/registry';
import { FEATURE, prizeView } from './views';

/**
 * Moves every running quest task the player's activities count for, in one transaction: progress
 * only grows (in the rules and again in the write), and a task completed here pays its prize once
 * through the rewards engine (key `quests:<task>:<player>`), with a `quest` push for each; progress is
 * pushed when a task's shown percentage moves. The progress of every player of a batch is one write.
 */
export async function progressQuests(ctx: EventContext, activities: ReadonlyMap<number, QuestActivity[]>): Promise<void> {
  if (activities.size === 0) return;
  const nowMs = ctx.clock.nowMs();
  const quest = await runningQuest(ctx.trx, nowMs);
  if (!quest || quest.tasks.length === 0) return;
  const rule = questRuleOf(quest);
  const before = await questProgressOf(ctx.trx, quest.id, [...activities.keys()], { lockTaskIds: quest.tasks.map((t) => t.id), nowMs });
  const results = new Map<number, ReturnType<typeof applyQuestActivities>>();
  for (const [playerId, list] of activities) {
    const result = applyQuestActivities(rule, before.get(playerId) ?? new Map(), list);
    if (result.changed.size > 0) results.set(playerId, result);
  }
  if (results.size === 0) return;
  await saveQuestProgressOfMany(ctx.trx, quest.id, new Map([...results].map(([playerId, result]) => [playerId, result.changed])), nowMs);
  const taskOf = (id: number) => quest.tasks.find((t) => t.id === id)!;
  for (const [playerId, result] of results) {
    const percentOf = (id: number, value: TaskProgress | undefined) => ((value?.completedAtMs ?? null) !== null ? 100 : progressPercent(value?.progress ?? 0, taskOf(id).target));
    const updateOf = (id: number) => {
      const task = taskOf(id);
      const value = result.changed.get(id)!;
      return { id, dayIndex: task.dayIndex, progress: percentOf(id, value), current: value.progress, target: task.target, isCompleted: value.completedAtMs !== null };
    };
    // A push when a task's shown percentage moves (not on every round of a long task), or it completes.
    const moved = [...result.changed.keys()].filter((id) => !result.completed.includes(id) && percentOf(id, result.changed.get(id)) !== percentOf(id, before.get(playerId)?.get(id)));
    if (moved.length > 0) {
      await ctx.recordPush({ eventType: QuestTaskProgressed.name, playerId, payload: { questId: quest.id, taskIds: moved }, push: { type: 'quest', action: 'taskProgress', data: { questId: quest.id, tasks: moved.map(updateOf), prize: null } } });
    }
    for (const taskId of result.completed) {
      const task = taskOf(taskId);
      await ctx.creditPlayer({ playerId, feature: FEATURE, prize: { kind: 'coins', amount: task.prize.gc, amountCents: task.prize.fcCents }, idempotencyKey: `quests:${taskId}:${playerId}`, metadata: { questId: quest.id, taskId } });
      await ctx.recordPush({
        eventType: QuestTaskCompleted.name,
        playerId,
        payload: { questId: quest.id, taskId, dayIndex: task.dayIndex },
        push: { type: 'quest', action: 'taskCompleted', data: { questId: quest.id, tasks: [updateOf(taskId)], prize: prizeView(task.prize) } },
      });
    }
  }
}

function add(map: Map<number, QuestActivity[]>, playerId: number | null, activity: QuestActivity): void {
  if (playerId === null) return;
  const list = map.get(playerId) ?? [];
  list.push(activity);
  map.set(playerId, list);
}

/**
 * Quests react to rounds (one transaction per batch), purchases and the use of other features. A
 * round counts at the time it was recorded (games stamp their events with the app's clock); a
 * purchase or a feature's use at the time its handler runs (their producers stamp the wall clock).
 */
export function questHandlers({ on, onBatch }: { on: On; onBatch: OnBatch }): void {
  onBatch(GameRoundPlayed, async function progressRounds(events, ctx) {
    const activities = new Map<number, QuestActivity[]>();
    for (const event of events) {
      const round = event.payload;
      add(activities, event.playerId, { kind: 'round', atMs: event.createdAtMs, gameId: round.gameId, currency: round.currency, stake: round.stake, win: round.win + round.jackpotWin });
    }
    await progressQuests(ctx, activities);
  });

  on(CashierDepositCompleted, async function progressPurchase(event, ctx) {
    await progressQuests(ctx, new Map(event.playerId === null ? [] : [[event.playerId, [{ kind: 'purchase', atMs: ctx.clock.nowMs(), amountCents: event.payload.amountCents }]]]));
  });

  on(WheelOfTreasureSpun, async function progressWheelVisit(event, ctx) {
    await progressQuests(ctx, new Map(event.playerId === null ? [] : [[event.playerId, [{ kind: 'visit', atMs: ctx.clock.nowMs(), feature: 'wheel-of-treasure' }]]]));
  });

  on(DailyLoginPrizeClaimed, async function progressDailyLoginVisit(event, ctx) {
    if (event.payload.automatic) return;
    await progressQuests(ctx, new Map(event.playerId === null ? [] : [[event.playerId, [{ kind: 'visit', atMs: ctx.clock.nowMs(), feature: 'daily-login' }]]]));
  });
}
