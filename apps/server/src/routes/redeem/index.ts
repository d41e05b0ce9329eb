import { AppError } from '@sweepstack/contracts/errors';
import { getPlayerBalance } from '@sweepstack/db/repositories/ledger/balances';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePlayer } from '../../plugins/session';
import { listRedemptions, loadRedeemSettings, redeemRefusals, requestRedemption, resolveRedemption, ZRedeemBody, ZRedemptionView } from '../../kyc/redeem';

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
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.object({
              available: z.boolean(),
              refusals: z.array(z.string()),
              redeemable: z.number(),
              minimums: z.object({ bank: z.number(), gift_card: z.number() }),
              usdPerFc: z.literal(1),
              pending: z.array(ZRedemptionView),
              history: z.array(ZRedemptionView),
            }),
          }),
        },
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
          minimums: settings.minimums,
          usdPerFc: 1 as const,
          pending: history.filter((r) => r.status === 'pending'),
          history,
        },
      };
    },
  );

  app.post('/rest/cash/redeem/', { schema: { tags: ['cash'], summary: 'Request a redemption (pending hold)', body: ZRedeemBody, response: { 200: z.object({ success: z.literal(true), replayed: z.boolean(), data: ZRedemptionView }) } } }, async (request) => {
    const player = await requirePlayer(request);
    const result = await requestRedemption(db, deps.clock, player.id, request.body);
    return { success: true as const, replayed: result.replayed, data: result.redemption };
  });

  app.post(
    '/rest/cash/redeem/:id/cancel/',
    { schema: { tags: ['cash'], summary: 'Cancel a pending redemption (coins return)', params: z.strictObject({ id: z.coerce.number().int().positive().max(2 ** 31) }), body: z.strictObject({}).optional(), response: { 200: z.object({ success: z.literal(true), data: ZRedemptionView }) } } },
    async (request) => {
      const player = await requirePlayer(request);
      const after = await db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('redemptions').selectAll().where('id', '=', request.params.id).where('player_id', '=', player.id).executeTakeFirst();
        if (!row) throw new AppError('REDEEM_NOT_FOUND');
        return (await resolveRedemption(trx, deps.clock, row, { kind: 'cancel' })).after;
      });
      return { success: true as const, data: after };
    },
  );
};

export default redeemRoutes;
