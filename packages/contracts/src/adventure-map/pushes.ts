import { definePush } from '../realtime/push';
import { z } from 'zod';

/** The next stop is reached (`sectionReached`) or the token moved and its award was claimed (`awardClaimed`, spec §4). */
export const ZAdventureMapPush = definePush(
  'adventureMap',
  z.object({
    type: z.literal('adventureMap'),
    action: z.enum(['sectionReached', 'awardClaimed']),
    data: z.object({ slug: z.string(), index: z.number().int(), points: z.number().int().min(0) }),
  }),
);

declare module '../realtime/push' {
  interface PushSchemas {
    adventureMap: typeof ZAdventureMapPush;
  }
}
