import { ZRealityCheckRequest, ZRealityCheckResponse } from '@sweepstack/contracts/responsible-play/reality-check';
import { ZRealityCheckAcknowledgeRequest, ZRealityCheckAcknowledgeResponse } from '@sweepstack/contracts/responsible-play/reality-check-acknowledge';
import { ZRealityCheckIntervalRequest, ZRealityCheckIntervalResponse } from '@sweepstack/contracts/responsible-play/reality-check-interval';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requirePlayer } from '../../plugins/session';
import { answerRealityCheck, readRealityCheck, type RealityCheckReading, realityCheckView, setRealityCheckInterval } from '../../responsible-play/reality-check';

const PATH = '/rest/player/responsible-play/reality-check/';

/** Reality check of the signed-in player (docs/responsible-play.md, "Reality check"). */
const realityCheckRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;
  const { db } = deps.database;

  const answer = (reading: RealityCheckReading) => ({ success: true as const, data: realityCheckView(reading) });

  app.get(
    PATH,
    { schema: { tags: ['responsible-play'], summary: 'My reality-check interval, play session (time, staked, won, net) and next reminder', querystring: ZRealityCheckRequest, response: { 200: ZRealityCheckResponse } } },
    async (request, reply) => {
      const player = await requirePlayer(request);
      reply.header('cache-control', 'no-store');
      return answer(await readRealityCheck(db, player.id, deps.clock.nowMs()));
    },
  );

  app.post(
    `${PATH}interval/`,
    { schema: { tags: ['responsible-play'], summary: 'Set the reality-check interval (minutes, 0 = off)', body: ZRealityCheckIntervalRequest, response: { 200: ZRealityCheckIntervalResponse } } },
    async (request, reply) => {
      const player = await requirePlayer(request);
      const reading = await setRealityCheckInterval(db, deps.clock, player.id, { intervalMinutes: request.body.intervalMinutes, ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null });
      reply.header('cache-control', 'no-store');
      return answer(reading);
    },
  );

  app.post(
    `${PATH}acknowledge/`,
    { schema: { tags: ['responsible-play'], summary: 'Answer a reality-check reminder (continue, stop or history); recorded with the session summary', body: ZRealityCheckAcknowledgeRequest, response: { 200: ZRealityCheckAcknowledgeResponse } } },
    async (request, reply) => {
      const player = await requirePlayer(request);
      const reading = await answerRealityCheck(db, deps.clock, player.id, { choice: request.body.choice, ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null });
      reply.header('cache-control', 'no-store');
      return answer(reading);
    },
  );
};

export default realityCheckRoutes;
