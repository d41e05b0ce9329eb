import { ZDailyLoginApplyPrizeResponse } from '@sweepstack/contracts/daily-login/apply-prize';
import { ZDailyLoginInfoResponse } from '@sweepstack/contracts/daily-login/info';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DailyLoginPlayerState, DailyLoginStatus } from '@sweepstack/db/daily-login/repository';
import { defineFeature } from '../../platform/define-feature';
import { requirePlayer } from '../../plugins/session';
import { claimDailyPrize } from './claim-daily-prize';
import { dailyLoginFinishJob } from './finish-job';
import { dailyLoginOperatorRoutes } from './operator-routes';
import { readDailyLoginInfo } from './read-info';
import { dailyLoginPromotions } from './promotion';

/**
 * Daily login prizes (docs/features/daily-login.md, spec §3 Daily login, §7): a ladder of levels
 * claimed once per operator day, paid through the rewards engine; operator calls for the ladder,
 * the time zone, outage days and claims; the finish timer that pays claims left open.
 */
export default defineFeature({
  name: 'daily-login',

  routes: async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { database, clock } = fastify.deps;

    app.get(
      '/rest/daily-login/info/',
      { schema: { tags: ['daily-login'], summary: "The ladder's prizes and where the player stands today (guests: the default state)", response: { 200: ZDailyLoginInfoResponse } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const player = await request.getPlayer();
        return { success: true as const, data: await readDailyLoginInfo(database.db, player, clock.nowMs()) };
      },
    );

    app.get(
      '/rest/daily-login/apply-prize/',
      { schema: { tags: ['daily-login'], summary: "Claims today's prize (once per player and operator day)", response: { 200: ZDailyLoginApplyPrizeResponse } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const player = await requirePlayer(request);
        return claimDailyPrize(database.db, player, clock);
      },
    );
  },

  // The promotions page's card: today's prize ready, or the countdown to the next claim.
  promotions: dailyLoginPromotions,

  operatorRoutes: dailyLoginOperatorRoutes,

  jobs: [dailyLoginFinishJob],

  appInit: {
    key: 'dailyLogin',
    // Off until the status row says on; off from the finish time on, even before the finish job ran.
    build: ({ status, nowMs }) => {
      const s = status as DailyLoginStatus | null;
      return { isActive: s !== null && s.active === true && (s.finishesAtMs === null || nowMs < s.finishesAtMs) };
    },
  },

  // The web's finish timer (the ladder's end) and the sidebar's ready badge or countdown (the next claim).
  times: ({ status, state, signedIn }) => {
    const s = status as DailyLoginStatus | null;
    if (s === null || !s.active) return undefined;
    const player = state as DailyLoginPlayerState | null;
    // Never claimed: open now. A row from before nextClaimAtMs existed: nothing to tell.
    const availableAtMs = !signedIn ? undefined : player === null ? 0 : player.nextClaimAtMs;
    return { finishesAtMs: s.finishesAtMs, ...(availableAtMs !== undefined ? { availableAtMs } : {}) };
  },
});
