import type { QuestPromotionData } from '@sweepstack/contracts/promotions/cards/quest';
import { nextQuest, questProgressOf, questRuleOf, runningQuest, type QuestWithTasks } from '@sweepstack/db/quests/repository';
import { questDays } from '@sweepstack/domain/quests/quest-rules';
import type { FeatureDefinition, PromotionContribution } from '../../platform/define-feature';

const card = (quest: QuestWithTasks, locale: 'en' | 'es', running: boolean, tasksCompleted: number, tasksOpen: number, availableAtMs: number | null): PromotionContribution => {
  const data: QuestPromotionData = { id: quest.id, title: quest.title[locale], kind: quest.type, running, tasksCompleted, tasksOpen, startsAtMs: quest.startsAtMs, endsAtMs: quest.endsAtMs };
  return { type: 'quest', key: String(quest.id), data, link: { to: '/quests/' }, availableAtMs, finishesAtMs: quest.endsAtMs };
};

/**
 * The quest card (docs/features/promotions.md): the running quest with the player's open tasks (ready
 * while one is left; all done, it counts down to the next day's opening), else the next quest,
 * counting down to its start. Nothing when no quest runs or is planned.
 */
export const questPromotions: NonNullable<FeatureDefinition['promotions']> = async ({ db, player, locale, nowMs }) => {
  const running = await runningQuest(db, nowMs);
  if (running) {
    const progress = (await questProgressOf(db, running.id, [player.id])).get(player.id) ?? new Map();
    const days = questDays(questRuleOf(running), progress, nowMs);
    const openDays = new Set(days.filter((d) => !d.isLocked && !d.isEnded).map((d) => d.index));
    const openTasks = running.tasks.filter((t) => openDays.has(t.dayIndex));
    const done = openTasks.filter((t) => (progress.get(t.id)?.completedAtMs ?? null) !== null).length;
    if (done < openTasks.length) return [card(running, locale, true, done, openTasks.length, null)];
    const nextDay = days.find((d) => d.isLocked && d.opensAtMs !== null && d.opensAtMs > nowMs && d.opensAtMs < running.endsAtMs);
    if (nextDay) return [card(running, locale, true, done, openTasks.length, nextDay.opensAtMs)];
  }
  const next = await nextQuest(db, nowMs);
  return next ? [card(next, locale, false, 0, 0, next.startsAtMs)] : [];
};
