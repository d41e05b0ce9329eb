import { ZBuildLatest, ZBuildLatestQuery, ZBuildMeta } from '@sweepstack/contracts/app/builds';
import { AppError } from '@sweepstack/contracts/errors';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { computeBuildInfo } from '../../lib/build-info';

const NO_CACHE = 'no-cache, no-store, must-revalidate';

/**
 * GET /builds/latest.json (polled by the web to notice a new release) and
 * GET /builds/meta/{buildId}.json (route metadata of a build; this server prerenders nothing).
 */
const buildsRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const build = computeBuildInfo({ buildId: fastify.deps.config.BUILD_ID, nowMs: fastify.deps.clock.nowMs() });

  app.get(
    '/builds/latest.json',
    { schema: { tags: ['app'], summary: 'Id of the running web build', querystring: ZBuildLatestQuery, response: { 200: ZBuildLatest } } },
    async (_request, reply) => {
      reply.header('cache-control', NO_CACHE).header('expires', '0');
      return { id: build.id, timestamp: build.timestampMs };
    },
  );

  app.get(
    '/builds/meta/:file',
    {
      schema: {
        tags: ['app'],
        summary: 'Route metadata of a build ({buildId}.json)',
        params: z.object({ file: z.string().max(80) }),
        querystring: ZBuildLatestQuery,
        response: { 200: ZBuildMeta },
      },
    },
    async (request, reply) => {
      if (request.params.file !== `${build.id}.json`) throw new AppError('BUILD_NOT_FOUND');
      // A build's metadata never changes: the id is a content hash (or an explicit release id).
      reply.header('cache-control', build.id === 'dev' ? NO_CACHE : 'public, max-age=31536000, immutable');
      return { id: build.id, timestamp: build.timestampMs, matcher: { static: {}, dynamic: {} }, prerendered: [] };
    },
  );
};

export default buildsRoutes;
