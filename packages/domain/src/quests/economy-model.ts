import type { DailyBudget, PrizeCost } from '../rewards/budget';
import { addCost, ZERO_COST } from '../rewards/economy-models';
import type { EconomyFeatureModel } from '../rewards/economy-sim';
import type { QuestType } from './quest-rules';

export interface QuestEconomyTask {
  dayIndex: number;
  prize: PrizeCost;
}

/**
 * A quest in the economy simulation: simulated day d is the quest's day d. On a day they come, a
 * player completes each task of every open day they have not finished with probability `taskChance`
 * (a season day opens when the day before is completed, an advent day on its day); a completed task
 * pays its prize once. Days past the quest's last earn nothing.
 */
export function questEconomyModel(options: { slug: string; type: QuestType; dayCount: number; tasks: readonly QuestEconomyTask[]; budget: DailyBudget; taskChance: number; note: string }): EconomyFeatureModel<boolean[]> {
  const { tasks } = options;
  const dayDone = (done: readonly boolean[], day: number) => tasks.every((task, i) => task.dayIndex !== day || done[i]);
  return {
    feature: 'quests',
    budget: options.budget,
    behaviour: `quest ${options.slug} (${options.type}, ${options.dayCount} days, ${tasks.length} tasks${options.note}): an active player completes each open task with probability ${options.taskChance} a day`,
    initialState: () => tasks.map(() => false),
    playerDay(state, active, day, random) {
      if (!active || day >= options.dayCount + 7) return { state, cost: ZERO_COST };
      const done = [...state];
      let cost = ZERO_COST;
      for (let d = 0; d < options.dayCount; d++) {
        // Open at the start of today: a season day completed today opens the next one tomorrow.
        const open = options.type === 'advent' ? d <= day : d === 0 || dayDone(state, d - 1);
        if (!open) break;
        for (const [i, task] of tasks.entries()) {
          if (task.dayIndex !== d || done[i] || random.float() >= options.taskChance) continue;
          done[i] = true;
          cost = addCost(cost, task.prize);
        }
      }
      return { state: done, cost };
    },
  };
}
