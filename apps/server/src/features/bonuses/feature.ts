import { ZCheckBonusRequest, ZCheckBonusResponse } from '@sweepstack/contracts/bonuses/check-bonus';
import { ZCreditBonusRequest, ZCreditBonusResponse } from '@sweepstack/contracts/bonuses/credit-bonus';
import { ZGetBonusesResponse } from '@sweepstack/contracts/bonuses/get-bonuses';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { defineFeature } from '../../platform/define-feature';
import { requirePlayer } from '../../plugins/session';
import { checkBonus, creditBonus, listClaimableBonuses } from './claims';
import { expireMessagesJob } from './expire-job';
import { bonusOperatorRoutes } from './operator-routes';

/**
 * Bonus offers (docs/features/bonuses.md): operator campaigns of free entries (Fortune Coins) or free
 * spins, sent to players as numbered messages (`?freeEntriesBonus=<message id>` links), checked and
 * credited exactly once through the rewards engine (spec §7 Payments and promotions).
 */
export default defineFeature({
  name: 'bonuses',

  routes: async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const deps = fastify.deps;

    app.get('/rest/bonus-offer/get-bonuses/', { schema: { tags: ['bonuses'], summary: "The player's bonuses that can be claimed now", response: { 200: ZGetBonusesResponse } } }, async (request, reply) => {
      const player = await requirePlayer(request);
      reply.header('cache-control', 'no-store');
      return { success: true as const, data: { bonuses: await listClaimableBonuses(deps, player) } };
    });

    app.post('/rest/free-entries-bonuses/check-bonus/', { schema: { tags: ['bonuses'], summary: 'The bonus of a message, when the player can claim it now', body: ZCheckBonusRequest, response: { 200: ZCheckBonusResponse } } }, async (request) => {
      const player = await requirePlayer(request);
      return { success: true as const, data: await checkBonus(deps, player, request.body.message_id) };
    });

    app.post('/rest/free-entries-bonuses/credit-bonus/', { schema: { tags: ['bonuses'], summary: 'Credit the bonus of a message, exactly once', body: ZCreditBonusRequest, response: { 200: ZCreditBonusResponse } } }, async (request) => {
      const player = await requirePlayer(request);
      return { success: true as const, data: await creditBonus(deps, player, request.body) };
    });
  },

  operatorRoutes: bonusOperatorRoutes,

  jobs: [expireMessagesJob],
});
