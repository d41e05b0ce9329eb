import { z } from 'zod';
import { defineEvent } from '../events';

/**
 * A feature's run reached its finish time (spec §4 feature finish timers; the server's `feature.finish`
 * job records it, docs/jobs.md): the feature turns its flag off on it.
 */
export const FeatureFinished = defineEvent(
  'feature.finished',
  z.object({
    feature: z.string().regex(/^[a-z][a-z0-9-]{0,49}$/),
    /** Which run of the feature (a campaign, a player's streak). */
    instance: z.string().min(1).max(100),
    finishedAtMs: z.number().int(),
  }),
);

declare module '../events' {
  interface EventCatalogue {
    'feature.finished': typeof FeatureFinished;
  }
}
