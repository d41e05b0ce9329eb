import { z } from 'zod';
import { defineEvent } from '../events';

/** A player's season points moved (it carries the `season` `progressUpdate` push). */
export const SeasonsProgressUpdated = defineEvent('seasons.progress-updated', z.object({ slug: z.string(), points: z.number().int().min(0), level: z.number().int().min(0) }));

/** A level's prize was paid (it carries the `season` `prizeAssigned` push). */
export const SeasonsPrizeAssigned = defineEvent('seasons.prize-assigned', z.object({ slug: z.string(), level: z.number().int().min(1), track: z.enum(['free', 'premium']) }));

/** A purchase unlocked the premium track (it carries the `season` `availableByDeposit` push). */
export const SeasonsPremiumUnlocked = defineEvent('seasons.premium-unlocked', z.object({ slug: z.string(), paymentId: z.string(), levelsPaid: z.number().int().min(0) }));

declare module '../events' {
  interface EventCatalogue {
    'seasons.progress-updated': typeof SeasonsProgressUpdated;
    'seasons.prize-assigned': typeof SeasonsPrizeAssigned;
    'seasons.premium-unlocked': typeof SeasonsPremiumUnlocked;
  }
}
