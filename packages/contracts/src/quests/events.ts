import { z } from 'zod';
import { defineEvent } from '../events';

/** Progress of a player's quest tasks moved (it carries the `quest` push, action taskProgress). */
export const QuestTaskProgressed = defineEvent('quests.task-progressed', z.object({ questId: z.number().int(), taskIds: z.array(z.number().int()) }));

/** A quest task was completed and its prize paid (it carries the `quest` push, action taskCompleted). For the adventure map. */
export const QuestTaskCompleted = defineEvent('quests.task-completed', z.object({ questId: z.number().int(), taskId: z.number().int(), dayIndex: z.number().int() }));

declare module '../events' {
  interface EventCatalogue {
    'quests.task-progressed': typeof QuestTaskProgressed;
    'quests.task-completed': typeof QuestTaskCompleted;
  }
}
