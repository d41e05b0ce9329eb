import { listQuests, nextQuest, questById, runningQuest } from '@sweepstack/db/quests/repository';
import type { EconomyFeatureModel } from '@sweepstack/domain/rewards/economy-sim';
import { questEconomyModel } from '@sweepstack/domain/quests/economy-model';
import { defineEconomy } from '../../platform/define-economy';

/**
 * Quest prizes (docs/features/quests.md): the running quest, else the next one, else the latest
 * quest even when switched off (the seeded one is), so the figures are there before it runs.
 */
export default defineEconomy<'quest-task-chance'>({
  feature: 'quests',
  options: { 'quest-task-chance': { default: 0.5, min: 0, max: 1, help: 'chance that a player who comes completes an open quest task that day' } },
  async models({ db, budgetOf, option }) {
    const now = Date.now();
    const latest = (await listQuests(db)).at(-1);
    const quest = (await runningQuest(db, now)) ?? (await nextQuest(db, now)) ?? (latest ? await questById(db, latest.id) : null);
    if (!quest || quest.tasks.length === 0) return [];
    return [
      questEconomyModel({
        slug: quest.slug,
        type: quest.type,
        dayCount: quest.dayCount,
        tasks: quest.tasks.map((task) => ({ dayIndex: task.dayIndex, prize: { gc: task.prize.gc, fcCents: task.prize.fcCents } })),
        budget: await budgetOf('quests'),
        taskChance: option('quest-task-chance'),
        note: quest.active ? '' : ', switched off',
      }) as EconomyFeatureModel,
    ];
  },
});
