import { ZWheelInfoResponse } from '@sweepstack/contracts/wheel-of-treasure/info';
import { ZWheelSpinRequest, ZWheelSpinResponse } from '@sweepstack/contracts/wheel-of-treasure/spin';
import { wheelSettings, wheelStateOf } from '@sweepstack/db/wheel-of-treasure/repository';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { defineFeature } from '../../platform/define-feature';
import { requirePlayer } from '../../plugins/session';
import { wheelHandlers } from './handlers';
import { wheelOperatorRoutes } from './operator-routes';
import { spinWheel } from './spin-wheel';
import { extraTableOf, extraWheelOffers, FEATURE, isWheelActive, playerStatusOf, type WheelFeatureStatus, type WheelPlayerFeatureState, wheelInfo } from './wheel-info';
import { wheelPromotions } from './promotion';

/** The wheel of treasure (docs/features/wheel-of-treasure.md). */
export default defineFeature({
  name: FEATURE,

  // The web's finish timer (spec §4): the wheel's end while it runs, from its status row (written by
  // the operator's rules and by the finish timer). The sidebar's ready badge or countdown: the next
  // daily spin (never spun: open now).
  times: ({ status, state, signedIn }) => {
    const wheel = status as WheelFeatureStatus | null;
    const finishesAtMs = wheel?.isActive && typeof wheel.finishedAt === 'number' ? wheel.finishedAt : undefined;
    const times = { ...(finishesAtMs !== undefined ? { finishesAtMs } : {}), ...(signedIn ? { availableAtMs: (state as WheelPlayerFeatureState | null)?.nextDailyAtMs ?? 0 } : {}) };
    return Object.keys(times).length > 0 ? times : undefined;
  },

  // The promotions page's card: the free daily spin ready, or the countdown to the next one.
  promotions: wheelPromotions,

  routes: async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { deps } = fastify;

    app.get(
      '/rest/wheel-of-treasure/info/',
      { schema: { tags: ['wheel-of-treasure'], summary: 'The wheels with their published odds, the extra-wheel packages and (signed in) where I stand', querystring: z.strictObject({}), response: { 200: ZWheelInfoResponse } } },
      async (request, reply) => {
        const player = await request.getPlayer();
        reply.header('cache-control', 'no-store');
        return { success: true as const, data: await wheelInfo(deps.database.db, { theme: deps.config.THEME, playerId: player?.id ?? null, nowMs: deps.clock.nowMs() }) };
      },
    );

    app.post(
      '/rest/wheel-of-treasure/spin/',
      { schema: { tags: ['wheel-of-treasure'], summary: 'Spin today\'s free wheel or an extra spin: decided on the server, provably fair', body: ZWheelSpinRequest, response: { 200: ZWheelSpinResponse } } },
      async (request, reply) => {
        const player = await requirePlayer(request);
        reply.header('cache-control', 'no-store');
        return { success: true as const, data: await spinWheel(deps, player.id, request.body) };
      },
    );
  },

  operatorRoutes: wheelOperatorRoutes,

  handlers: wheelHandlers,

  featureInfo: async ({ db, player, theme, nowMs }) => {
    const settings = await wheelSettings(db);
    const isActive = isWheelActive(settings, nowMs);
    if (!player) return { isActive, info: { isActive, finishedAt: settings.finishesAtMs } };
    const status = playerStatusOf(await wheelStateOf(db, player.id), settings, nowMs);
    return {
      isActive: isActive || status.extraSpins > 0,
      info: { isActive, finishedAt: settings.finishesAtMs, ...status },
      fields: {
        availableWheel: status.dailyAvailable || status.extraSpins > 0,
        boosterWheel: status.boosterEarned && status.dailyAvailable ? { wheels: { id: 'wheel-of-treasure-booster' } } : null,
        extraWheel: status.extraSpins > 0 ? { count: status.extraSpins, wheels: { id: extraTableOf(theme) } } : null,
      },
    };
  },

  cashierOffers: async ({ db }) => {
    const offers = await extraWheelOffers(db);
    return { ownPackageIds: offers.map((o) => o.id), promoOffers: { extraWheel: offers } };
  },
});
