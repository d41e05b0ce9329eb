import { REALTIME, ZChannelTokenResponse } from '@sweepstack/contracts/realtime/connection';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePlayer } from '../../plugins/session';
import { channelConnection } from '../../realtime/connection-data';

/** GET /rest/realtime/token/: a fresh channel token (the client asks again after 'unauthorized'). */
const realtimeRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/rest/realtime/token/',
    { schema: { tags: ['realtime'], summary: `Channel token for the socket handshake (valid ${REALTIME.channelTokenLifetimeMs / 60_000} minutes)`, querystring: z.strictObject({}), response: { 200: ZChannelTokenResponse } } },
    async (request, reply) => {
      const player = await requirePlayer(request);
      reply.header('cache-control', 'no-store');
      const connection = channelConnection(fastify.deps, player.id);
      return { success: true as const, token: connection.token, websocket: connection.websocket, expiresAtMs: connection.wsConnectionData.tokenExpiresAtMs };
    },
  );
};

export default realtimeRoutes;
