import { definePush } from '../realtime/push';
import { z } from 'zod';

export const ZQuestTaskUpdate = z.object({
  id: z.number().int(),
  dayIndex: z.number().int(),
  progress: z.number().int().min(0).max(100),
  current: z.number().int().min(0),
  target: z.number().int().min(1),
  isCompleted: z.boolean(),
});

/**
 * Spec §4 "quest task can be marked complete or progress updated": `taskProgress` carries the tasks
 * whose progress moved (once per batch of rounds), `taskCompleted` one task completed and paid.
 */
export const ZQuestPush = definePush(
  'quest',
  z.object({
    type: z.literal('quest'),
    action: z.enum(['taskProgress', 'taskCompleted']),
    data: z.object({ questId: z.number().int(), tasks: z.array(ZQuestTaskUpdate), prize: z.object({ entries: z.number().min(0), coins: z.number().int().min(0) }).nullable() }),
  }),
);

declare module '../realtime/push' {
  interface PushSchemas {
    quest: typeof ZQuestPush;
  }
}
