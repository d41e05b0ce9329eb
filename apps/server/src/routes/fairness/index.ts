import { AppError } from '@sweepstack/contracts/errors';
import { ZClientSeedRequest, ZFairnessRotateResponse, ZFairnessRoundResponse, ZFairnessSeedsResponse } from '@sweepstack/contracts/games/play';
import { ZFairnessDrawResponse } from '@sweepstack/contracts/rewards/prize';
import { findRewardDrawById, prizeTableById } from '@sweepstack/db/rewards/repository';
import { ensureActiveSeed, findRoundById, findSeedById, rotateSeed } from '@sweepstack/db/repositories/game-play';
import type { Prize } from '@sweepstack/domain/rewards/prize';
import type { StepOutcome } from '@sweepstack/games/engines/types';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentCatalogue } from '../../games/catalogue';
import { newSeedCandidate } from '../../games/play';
import { requirePlayer } from '../../plugins/session';
import { prizeTableOdds } from '../../rewards/views';

/**
 * Provably fair play (docs/games/fairness.md): the player's current commitment, setting the client
 * seed, rotating (reveals the old server seed) and everything needed to verify a past round.
 */
const fairnessRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = fastify.deps;
  const db = deps.database.db;

  app.get('/rest/fairness/seeds/', { schema: { tags: ['fairness'], summary: 'The current server seed hash, client seed and next nonce', querystring: z.strictObject({}), response: { 200: ZFairnessSeedsResponse } } }, async (request, reply) => {
    const player = await requirePlayer(request);
    const seed = await ensureActiveSeed(db, player.id, newSeedCandidate(), deps.clock.nowMs());
    reply.header('cache-control', 'no-store');
    return { success: true as const, data: { serverSeedHash: seed.server_seed_hash, clientSeed: seed.client_seed, nonce: Number(seed.next_nonce) } };
  });

  async function rotate(playerId: number, clientSeed: string | undefined) {
    const current = await ensureActiveSeed(db, playerId, newSeedCandidate(), deps.clock.nowMs());
    const next = newSeedCandidate(clientSeed ?? current.client_seed);
    const revealed = (await rotateSeed(db, playerId, next, deps.clock.nowMs()))!;
    return {
      success: true as const,
      data: {
        revealed: { serverSeed: revealed.server_seed, serverSeedHash: revealed.server_seed_hash, clientSeed: revealed.client_seed, lastNonce: Number(revealed.next_nonce) - 1 },
        current: { serverSeedHash: next.serverSeedHash, clientSeed: next.clientSeed, nonce: 0 },
      },
    };
  }

  app.post('/rest/fairness/client-seed/', { schema: { tags: ['fairness'], summary: 'Sets the client seed (rotates the server seed, revealing the old one)', body: ZClientSeedRequest, response: { 200: ZFairnessRotateResponse } } }, async (request) => {
    const player = await requirePlayer(request);
    return rotate(player.id, request.body.clientSeed);
  });

  app.post('/rest/fairness/rotate/', { schema: { tags: ['fairness'], summary: 'Reveals the current server seed and commits a new one', body: z.strictObject({}).optional(), response: { 200: ZFairnessRotateResponse } } }, async (request) => {
    const player = await requirePlayer(request);
    return rotate(player.id, undefined);
  });

  app.get(
    '/rest/fairness/rounds/:roundId/',
    { schema: { tags: ['fairness'], summary: 'Everything needed to verify one of the player\'s rounds', params: z.strictObject({ roundId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }), querystring: z.strictObject({}), response: { 200: ZFairnessRoundResponse } } },
    async (request, reply) => {
      const player = await requirePlayer(request);
      const round = await findRoundById(db, request.params.roundId);
      // Another player's round is "not found": round ids reveal nothing.
      if (!round || Number(round.player_id) !== player.id) throw new AppError('GAME_FAIRNESS_ROUND_NOT_FOUND');
      const seed = (await findSeedById(db, Number(round.seed_id)))!;
      const catalogue = await currentCatalogue(deps);
      const slug = catalogue.byId.get(Number(round.game_id))?.game.slug ?? (await db.selectFrom('games').select('slug').where('id', '=', round.game_id).executeTakeFirstOrThrow()).slug;
      const { next: _next, ...outcome } = JSON.parse(round.outcome_json) as StepOutcome;
      reply.header('cache-control', 'no-store');
      return {
        success: true as const,
        data: {
          roundId: Number(round.id),
          gameSlug: slug,
          serverSeedHash: seed.server_seed_hash,
          serverSeed: seed.status === 'revealed' ? seed.server_seed : null,
          clientSeed: seed.client_seed,
          nonce: Number(round.nonce),
          request: { bet: Number(round.bet), buy: round.bought === 1 },
          stateBefore: round.state_before_json === null ? null : (JSON.parse(round.state_before_json) as unknown),
          outcome,
        },
      };
    },
  );

  app.get(
    '/rest/fairness/draws/:drawId/',
    { schema: { tags: ['fairness'], summary: "Everything needed to verify one of the player's prize draws (wheels, boxes)", params: z.strictObject({ drawId: z.coerce.number().int().positive().max(2 ** 31 - 1) }), querystring: z.strictObject({}), response: { 200: ZFairnessDrawResponse } } },
    async (request, reply) => {
      const player = await requirePlayer(request);
      const draw = await findRewardDrawById(db, request.params.drawId);
      // Another player's draw is "not found": draw ids reveal nothing.
      if (!draw || Number(draw.player_id) !== player.id) throw new AppError('REWARDS_DRAW_NOT_FOUND');
      const seed = (await findSeedById(db, Number(draw.seed_id)))!;
      const table = (await prizeTableById(db, Number(draw.table_id)))!;
      reply.header('cache-control', 'no-store');
      return {
        success: true as const,
        data: {
          drawId: Number(draw.id),
          feature: draw.feature,
          table: prizeTableOdds(table),
          serverSeedHash: seed.server_seed_hash,
          serverSeed: seed.status === 'revealed' ? seed.server_seed : null,
          clientSeed: seed.client_seed,
          nonce: Number(draw.nonce),
          ticket: Number(draw.ticket),
          segmentIndex: Number(draw.segment_index),
          multiplier: Number(draw.multiplier),
          fellBack: Number(draw.fell_back) === 1,
          prize: JSON.parse(draw.prize_json) as Prize,
          parentDrawId: draw.parent_draw_id === null ? null : Number(draw.parent_draw_id),
        },
      };
    },
  );
};

export default fairnessRoutes;
