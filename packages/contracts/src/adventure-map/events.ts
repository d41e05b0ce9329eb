import { z } from 'zod';
import { defineEvent } from '../events';

/** The player's points reached the next stop (it carries the `adventureMap` push). */
export const AdventureMapSectionReached = defineEvent('adventure-map.section-reached', z.object({ slug: z.string(), index: z.number().int() }));
/** The player moved the token onto a stop and its award was paid. */
export const AdventureMapAwardClaimed = defineEvent('adventure-map.award-claimed', z.object({ slug: z.string(), index: z.number().int() }));

declare module '../events' {
  interface EventCatalogue {
    'adventure-map.section-reached': typeof AdventureMapSectionReached;
    'adventure-map.award-claimed': typeof AdventureMapAwardClaimed;
  }
}
