import { definePush } from '@sweepstack/contracts/realtime/push';
import { z } from 'zod';

/** Tells the player's tabs how many notes they have (the fixture's push). */
export const ZFixtureNotesPush = definePush('fixtureNotes', z.object({ type: z.literal('fixtureNotes'), action: z.literal('counted'), data: z.object({ count: z.number().int().min(0) }) }));

declare module '@sweepstack/contracts/realtime/push' {
  interface PushSchemas {
    fixtureNotes: typeof ZFixtureNotesPush;
  }
}
