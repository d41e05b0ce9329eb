import { ZFeaturesGamesInfoQuery, ZFeaturesGamesInfoResponse, type FeaturesGamesInfo, type FeaturesGamesInfoFields } from '@sweepstack/contracts/app/features-games-info';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

const NO_FIELDS: FeaturesGamesInfoFields = { availableWheel: false, boosterWheel: null, extraWheel: null, adventureMap: null, currentOffer: null };

/**
 * GET /rest/features-games-info/info/ (spec §3 "Feature info", §7): each feature answers its own part
 * (`featureInfo` in its feature.ts); this route only gathers them. No feature is named here.
 */
const featuresGamesInfoRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;

  app.get(
    '/rest/features-games-info/info/',
    { schema: { tags: ['features'], summary: "Every built feature's status and info for this visitor", querystring: ZFeaturesGamesInfoQuery, response: { 200: ZFeaturesGamesInfoResponse } } },
    async (request, reply) => {
      const player = (await request.getPlayer()) ?? null;
      const input = { db: deps.database.db, player, theme: deps.config.THEME, nowMs: deps.clock.nowMs(), invitedBy: request.query.invited_by ?? null };
      const contributors = fastify.features.list.filter((feature) => feature.featureInfo);
      const parts = await Promise.all(contributors.map(async (feature) => ({ name: feature.name, part: await feature.featureInfo!(input) })));
      const data: FeaturesGamesInfo = { statusFeatures: {}, featuresInfo: {}, ...NO_FIELDS };
      const answeredBy = new Map<string, string>();
      for (const { name, part } of parts) {
        data.statusFeatures[name] = { isActive: part.isActive };
        if (part.info !== undefined) data.featuresInfo[name] = part.info;
        for (const [field, value] of Object.entries(part.fields ?? {})) {
          // Two features answering one field is a bug of their definitions, not a visitor's error.
          if (answeredBy.has(field)) throw new Error(`features ${answeredBy.get(field)} and ${name} both answer ${field}`);
          answeredBy.set(field, name);
          (data as unknown as Record<string, unknown>)[field] = value;
        }
      }
      reply.header('cache-control', 'no-store');
      return { success: true as const, data };
    },
  );
};

export default featuresGamesInfoRoutes;
