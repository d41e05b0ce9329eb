import { ZFreeSpinsResponse, ZRewardNoticesResponse, ZRewardOddsResponse, type PrizeView } from '@sweepstack/contracts/rewards/prize';
import { activeFreeSpinGrants, currentPrizeTables, rewardNotices } from '@sweepstack/db/rewards/repository';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentCatalogue } from '../../games/catalogue';
import { freeSpinBet } from '../../games/spin';
import { requirePlayer } from '../../plugins/session';
import { readNotices } from '../../rewards/notices';
import { prizeTableOdds } from '../../rewards/views';

/**
 * Published odds (docs/rewards.md): every prize table's segments with their chances, for anyone,
 * before anything is drawn or bought. The same tables the draws use, so the figures cannot drift.
 */
const rewardsRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;
  const { db } = deps.database;

  app.get(
    '/rest/rewards/odds/',
    { schema: { tags: ['rewards'], summary: 'Every prize table with each segment\'s published chance', querystring: z.strictObject({ feature: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/).optional() }), response: { 200: ZRewardOddsResponse } } },
    async (request, reply) => {
      const tables = await currentPrizeTables(db, request.query.feature);
      reply.header('cache-control', 'public, max-age=60');
      return { success: true as const, data: { tables: tables.map(prizeTableOdds) } };
    },
  );

  app.get(
    '/rest/free-spins/',
    { schema: { tags: ['rewards'], summary: "The player's free spins (spec §3 Free spins), soonest expiry first", querystring: z.strictObject({ gameId: z.coerce.number().int().positive().max(2 ** 31 - 1).optional() }), response: { 200: ZFreeSpinsResponse } } },
    async (request, reply) => {
      const player = await requirePlayer(request);
      const grants = await activeFreeSpinGrants(db, player.id, deps.clock.nowMs());
      const catalogue = await currentCatalogue(deps);
      reply.header('cache-control', 'no-store');
      return {
        success: true as const,
        data: {
          freeSpins: grants
            .filter((g) => request.query.gameId === undefined || Number(g.game_id) === request.query.gameId)
            .flatMap((g) => {
              const game = catalogue.byId.get(Number(g.game_id));
              if (!game) return [];
              return [{ spinsId: Number(g.id), gameId: Number(g.game_id), spinsRemain: Number(g.spins_remain), spinsTotal: Number(g.spins_total), endDate: new Date(Number(g.expires_at_ms)).toISOString(), betLevel: Number(g.bet_level), bet: freeSpinBet(game.studio.bets[g.currency], Number(g.bet_level)), currency: g.currency }];
            }),
        },
      };
    },
  );

  app.get(
    '/rest/rewards/notices/',
    { schema: { tags: ['rewards'], summary: "The player's notices about prizes (credited when a feature ended, free spins granted or expired), newest first", querystring: z.strictObject({}), response: { 200: ZRewardNoticesResponse } } },
    async (request, reply) => {
      const player = await requirePlayer(request);
      const notices = await rewardNotices(db, player.id, 50);
      const catalogue = await currentCatalogue(deps);
      reply.header('cache-control', 'no-store');
      return {
        success: true as const,
        data: {
          notices: notices.map((n) => {
            const prize = JSON.parse(n.prize_json) as PrizeView;
            const game = prize.kind === 'free_spins' ? catalogue.byId.get(prize.gameId)?.game : undefined;
            return { id: Number(n.id), kind: n.kind, feature: n.feature, prize, game: game ? { title: game.title, titleEs: game.titleEs ?? null } : null, createdAt: new Date(Number(n.created_at_ms)).toISOString(), read: n.read_at_ms !== null };
          }),
          unread: notices.filter((n) => n.read_at_ms === null).length,
        },
      };
    },
  );

  app.post(
    '/rest/rewards/notices/read/',
    { schema: { tags: ['rewards'], summary: "Marks the player's notices read up to an id", body: z.strictObject({ upToId: z.number().int().positive().max(2 ** 31 - 1) }) } },
    async (request) => {
      const player = await requirePlayer(request);
      const marked = await db.transaction().execute((trx) => readNotices(trx, player.id, request.body.upToId, { clock: deps.clock }));
      return { success: true as const, data: { marked } };
    },
  );
};

export default rewardsRoutes;
