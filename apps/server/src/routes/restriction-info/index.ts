import { ZRestrictionInfoResponse } from '@sweepstack/contracts/app/restriction-info';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentCache } from '../../lib/content-cache';
import { jsonText, sendJsonText, type JsonText } from '../../lib/json-text';

/** GET /rest/restriction/info/: US states where sweepstakes play is restricted (docs/geo-restriction.md). */
const restrictionInfoRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const cache = contentCache(fastify.deps);
  const deviceCheck = fastify.deps.config.GEO_DEVICE_CHECK;

  app.get(
    '/rest/restriction/info/',
    {
      schema: {
        tags: ['restriction'],
        summary: 'States where sweepstakes play is restricted',
        querystring: z.strictObject({}),
        response: { 200: ZRestrictionInfoResponse },
      },
    },
    async (request, reply) => {
      const text = await cache.derived<JsonText>('restriction-info', (snapshot) =>
        jsonText({ success: true, data: { states: snapshot.restrictedStates.map((s) => ({ code: s.code, name: s.name })), deviceCheck } }),
      );
      return sendJsonText(request, reply, text, 'public, max-age=300');
    },
  );
};

export default restrictionInfoRoutes;
