import { z } from 'zod';
import { ZPrize } from '../rewards/prize';
import { definePush } from '../realtime/push';

const ZProgress = z.object({
  slug: z.string(),
  points: z.number().int().min(0),
  currentLevel: z.number().int().min(0),
  totalProgressPercents: z.number().min(0).max(100),
  isPremium: z.boolean(),
});

/**
 * Spec §4 season push: `progressUpdate` (points moved), `prizeAssigned` (a level's prize was paid:
 * the web opens the congratulations and stores the completed level; level 12 is the last) and
 * `availableByDeposit` (a purchase unlocked the premium track; `levelsPaid` premium prizes of levels
 * already passed were paid with it).
 */
export const ZSeasonPush = definePush(
  'season',
  z.discriminatedUnion('action', [
    z.object({ type: z.literal('season'), action: z.literal('progressUpdate'), data: ZProgress }),
    z.object({
      type: z.literal('season'),
      action: z.literal('prizeAssigned'),
      data: ZProgress.extend({ level: z.number().int().min(1), track: z.enum(['free', 'premium']), prize: ZPrize, isLastLevel: z.boolean() }),
    }),
    z.object({ type: z.literal('season'), action: z.literal('availableByDeposit'), data: ZProgress.extend({ levelsPaid: z.number().int().min(0) }) }),
  ]),
);

declare module '../realtime/push' {
  interface PushSchemas {
    season: typeof ZSeasonPush;
  }
}
