import { z } from 'zod';
import { ZRankLeague } from '../app/app-init';
import { definePush } from '../realtime/push';
import { ZPrize } from '../rewards/prize';
import { ZCoinsPrize } from './cashback';
import { ZSectionTitles } from './info';

/**
 * The rank league's pushes (spec §4 "Rank league push"): `progressData` after every change of the
 * player's experience or level (data: app init's `rankLeague`), `sectionUp` when a level-up entered a
 * section (with the reward paid), `cashback calculated` / `cashback expired` (the week's cashback is
 * waiting; the window ended and it was credited automatically), `daily wheel prize` (paid beside a
 * daily wheel spin).
 */
export const ZRankLeaguePush = definePush(
  'rankLeague',
  z.discriminatedUnion('action', [
    z.object({ type: z.literal('rankLeague'), action: z.literal('progressData'), data: ZRankLeague }),
    z.object({ type: z.literal('rankLeague'), action: z.literal('sectionUp'), data: z.object({ section: z.number().int().min(2), title: z.string(), titles: ZSectionTitles, reward: ZPrize.nullable(), progress: ZRankLeague }) }),
    z.object({ type: z.literal('rankLeague'), action: z.literal('cashback calculated'), data: z.object({ periodKey: z.string(), prize: ZCoinsPrize, expiresAt: z.string() }) }),
    z.object({ type: z.literal('rankLeague'), action: z.literal('cashback expired'), data: z.object({ periodKey: z.string(), prize: ZCoinsPrize, credited: z.literal(true) }) }),
    z.object({ type: z.literal('rankLeague'), action: z.literal('daily wheel prize'), data: z.object({ section: z.number().int().min(1), prize: ZPrize }) }),
  ]),
);

declare module '../realtime/push' {
  interface PushSchemas {
    rankLeague: typeof ZRankLeaguePush;
  }
}
