import { ZPrizeDropsInfoResponse } from '@sweepstack/contracts/prize-drops/info';
import { prizeDropSettings } from '@sweepstack/db/prize-drops/repository';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { defineFeature } from '../../platform/define-feature';
import { prizeDropsHandlers } from './handlers';
import { prizeDropsOperatorRoutes } from './operator-routes';
import { FEATURE, prizeDropsInfo } from './pool';
import { releaseBlockJob } from './release-job';

/** Prize drops (docs/features/prize-drops.md). */
export default defineFeature({
  name: FEATURE,

  routes: async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { deps } = fastify;
    app.get(
      '/rest/prize-drops/info/',
      { schema: { tags: ['prize-drops'], summary: 'Today\'s prize-drop pool: tiers left, last winners, the next block, and (signed in) my level and wins', querystring: z.strictObject({}), response: { 200: ZPrizeDropsInfoResponse } } },
      async (request, reply) => {
        const player = await request.getPlayer();
        reply.header('cache-control', 'no-store');
        return { success: true as const, data: await prizeDropsInfo(deps.database.db, { playerId: player?.id ?? null, nowMs: deps.clock.nowMs() }) };
      },
    );
  },

  operatorRoutes: prizeDropsOperatorRoutes,

  handlers: prizeDropsHandlers,

  jobs: [releaseBlockJob],

  appInit: { key: 'prizeDrops', build: ({ status }) => ({ isActive: status === null ? true : (status as { isActive?: unknown }).isActive === true }) },

  featureInfo: async ({ db }) => {
    const settings = await prizeDropSettings(db);
    return { isActive: settings.active };
  },
});
