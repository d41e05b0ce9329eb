import { defineEvent } from '../events';
import { z } from 'zod';

/** A free entry request was credited or rejected; it carries the `freeEntry` push to the player's tabs. */
export const FreeEntryDecided = defineEvent(
  'free-entry.decided',
  z.object({ requestId: z.number().int().positive(), status: z.enum(['credited', 'rejected']), amountCents: z.number().int().positive() }),
);

declare module '../events' {
  interface EventCatalogue {
    'free-entry.decided': typeof FreeEntryDecided;
  }
}
