import { ZRewardOddsResponse } from '@sweepstack/contracts/rewards/prize';
import { currentPrizeTables } from '@sweepstack/db/rewards/repository';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { prizeTableOdds } from '../../rewards/views';

/**
 * Published odds (docs/rewards.md): every prize table's segments with their chances, for anyone,
 * before anything is drawn or bought. The same tables the draws use, so the figures cannot drift.
 */
const rewardsRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.deps.database;

  app.get(
    '/rest/rewards/odds/',
    { schema: { tags: ['rewards'], summary: 'Every prize table with each segment\'s published chance', querystring: z.strictObject({ feature: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/).optional() }), response: { 200: ZRewardOddsResponse } } },
    async (request, reply) => {
      const tables = await currentPrizeTables(db, request.query.feature);
      reply.header('cache-control', 'public, max-age=60');
      return { success: true as const, data: { tables: tables.map(prizeTableOdds) } };
    },
  );
};

export default rewardsRoutes;
