import { z } from 'zod';

/** A `quest` card (the quests feature): the running quest and the player's tasks, or the next quest. */
export const ZQuestPromotionData = z.object({
  id: z.number().int(),
  /** In the visitor's language. */
  title: z.string(),
  kind: z.enum(['season', 'advent']),
  /** False: the quest has not started yet (the card counts down to its start). */
  running: z.boolean(),
  /** Tasks of the days opened so far, and how many of them the player completed. */
  tasksCompleted: z.number().int().min(0),
  tasksOpen: z.number().int().min(0),
  startsAtMs: z.number().int(),
  endsAtMs: z.number().int(),
});
export type QuestPromotionData = z.infer<typeof ZQuestPromotionData>;

declare module '../promotion' {
  interface PromotionDataCatalogue {
    quest: QuestPromotionData;
  }
}
