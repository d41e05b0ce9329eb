import { ZSuccessResponse } from '@sweepstack/contracts/envelope';
import { ZTermsIdsRequest, ZUnconfirmedTermsResponse } from '@sweepstack/contracts/terms/terms';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { confirmTerms, logTermsShown, termsRequirement } from '../../auth/terms';
import { requirePlayer } from '../../plugins/session';

/** Terms documents the signed-in player must confirm. */
const termsRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database, clock } = fastify.deps;

  app.get('/rest/terms/unconfirmed/', { schema: { tags: ['terms'], summary: 'Documents not yet confirmed in their current version', response: { 200: ZUnconfirmedTermsResponse } } }, async (request) => {
    const player = await requirePlayer(request);
    return { success: true as const, data: await termsRequirement(database.db, player.id) };
  });

  app.post('/rest/terms/log/', { schema: { tags: ['terms'], summary: 'Record that documents were shown', body: ZTermsIdsRequest, response: { 200: ZSuccessResponse } } }, async (request) => {
    const player = await requirePlayer(request);
    await logTermsShown(database.db, player.id, request.body.ids, clock.nowMs());
    return { success: true as const };
  });

  app.post('/rest/terms/confirm/', { schema: { tags: ['terms'], summary: 'Confirm documents', body: ZTermsIdsRequest, response: { 200: ZSuccessResponse } } }, async (request) => {
    const player = await requirePlayer(request);
    await confirmTerms(database.db, player.id, request.body.ids, clock.nowMs());
    return { success: true as const };
  });
};

export default termsRoutes;
