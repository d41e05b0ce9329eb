import { z } from 'zod';
import { defineEvent } from '../events';

/** A card was issued with its outcome drawn (not shown): by a purchase or as the free card of the day. */
export const ScratchCardIssued = defineEvent('scratch-cards.issued', z.object({ cardId: z.number().int().positive(), source: z.enum(['purchase', 'free']), drawId: z.number().int().positive() }));

/** A card was scratched and its prize paid. */
export const ScratchCardScratched = defineEvent('scratch-cards.scratched', z.object({ cardId: z.number().int().positive(), drawId: z.number().int().positive(), fellBack: z.boolean() }));

declare module '../events' {
  interface EventCatalogue {
    'scratch-cards.issued': typeof ScratchCardIssued;
    'scratch-cards.scratched': typeof ScratchCardScratched;
  }
}
