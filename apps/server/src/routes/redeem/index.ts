import { FC_PLAYTHROUGH_MULTIPLIER } from '@sweepstack/domain/wallet/plan-play';
import { AppError } from '@sweepstack/contracts/errors';
import { ZCancelRedemptionParams, ZCancelRedemptionRequest, ZCancelRedemptionResponse } from '@sweepstack/contracts/redeem/cancel-redemption';
import { ZRedeemStatusResponse } from '@sweepstack/contracts/redeem/redeem-status';
import { ZRedeemRequest, ZRedeemResponse } from '@sweepstack/contracts/redeem/request-redemption';
import { findRedemption } from '@sweepstack/db/redeem/repository';
import { getPlayerBalance } from '@sweepstack/db/repositories/ledger/balances';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requirePlayer } from '../../plugins/session';
import { listRedemptions, loadRedeemSettings, redeemRefusals, requestRedemption, resolveRedemption } from '../../kyc/redeem';

/** Redeem Fortune Coin winnings (spec §5; docs/kyc-and-redeem.md). 1 FC = 1 USD; amounts in FC hundredths. */
const redeemRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;
  const { db } = deps.database;

  app.get(
    '/rest/cash/redeem/',
    {
      schema: {
        tags: ['cash'],
        summary: 'Redeem status, limits and history',
        response: { 200: ZRedeemStatusResponse },
      },
    },
    async (request, reply) => {
      const player = await requirePlayer(request);
      reply.header('cache-control', 'no-store');
      const settings = await loadRedeemSettings(db);
      const [refusals, balance, history] = await Promise.all([redeemRefusals(db, player.id, settings, deps.clock.nowMs()), getPlayerBalance(db, player.id), listRedemptions(db, player.id)]);
      return {
        success: true as const,
        data: {
          available: refusals.length === 0,
          refusals,
          redeemable: balance.winnings,
          unplayed: balance.unplayed,
          playthrough: FC_PLAYTHROUGH_MULTIPLIER,
          minimums: settings.minimums,
          usdPerFc: 1 as const,
          pending: history.filter((r) => r.status === 'pending'),
          history,
        },
      };
    },
  );

  app.post('/rest/cash/redeem/', { schema: { tags: ['cash'], summary: 'Request a redemption (pending hold)', body: ZRedeemRequest, response: { 200: ZRedeemResponse } } }, async (request) => {
    const player = await requirePlayer(request);
    const result = await requestRedemption(db, deps.clock, player.id, request.body);
    return { success: true as const, replayed: result.replayed, data: result.redemption };
  });

  app.post(
    '/rest/cash/redeem/:id/cancel/',
    { schema: { tags: ['cash'], summary: 'Cancel a pending redemption (coins return)', params: ZCancelRedemptionParams, body: ZCancelRedemptionRequest, response: { 200: ZCancelRedemptionResponse } } },
    async (request) => {
      const player = await requirePlayer(request);
      const after = await db.transaction().execute(async (trx) => {
        const row = await findRedemption(trx, request.params.id, player.id);
        if (!row) throw new AppError('REDEEM_NOT_FOUND');
        return (await resolveRedemption(trx, deps.clock, row, { kind: 'cancel' })).after;
      });
      return { success: true as const, data: after };
    },
  );
};

export default redeemRoutes;
