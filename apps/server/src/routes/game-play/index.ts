import { AppError } from '@sweepstack/contracts/errors';
import { ZGameLaunchResponse, ZRoundsResponse, ZSpinRequest, ZSpinResponse } from '@sweepstack/contracts/games/play';
import { closeGameSession, findGameSession, listRounds } from '@sweepstack/db/repositories/game-play';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { launchGame, parseState, requireGame, roundView } from '../../games/play';
import { spin } from '../../games/spin';
import { assertPlayAllowedFromState } from '../../geo/sweepstakes-access';
import { requirePlayer } from '../../plugins/session';

const ZGameId = z.coerce.number().int().positive().max(2_147_483_647);
const ZLaunchQuery = z.strictObject({ isMoney: z.enum(['true', 'false']).optional().describe('true: play in Fortune Coins (must match the game mode)') });

function refuseCrossSite(request: FastifyRequest): void {
  if (request.headers['sec-fetch-site'] === 'cross-site') throw new AppError('ORIGIN_FORBIDDEN');
}

/**
 * The play API (docs/games/play-api.md): launch, spin, round history, closing a session. Every
 * endpoint needs a signed-in player (AUTH_REQUIRED for guests: the web sends them to sign-up).
 */
const gamePlayRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = fastify.deps;

  for (const path of ['/rest/game/:id/play/', '/rest/game/:id/']) {
    app.get(
      path,
      {
        schema: {
          tags: ['games'],
          summary: path.endsWith('/play/') ? 'Launch a game: the game client URL of the player\'s session (current game mode\'s currency)' : 'Launch a game (same as /play/)',
          params: z.strictObject({ id: ZGameId }),
          querystring: ZLaunchQuery,
          response: { 200: ZGameLaunchResponse },
        },
      },
      async (request, reply) => {
        refuseCrossSite(request);
        const player = await requirePlayer(request);
        reply.header('cache-control', 'no-store');
        const isMoney = request.query.isMoney === undefined ? undefined : request.query.isMoney === 'true';
        await assertPlayAllowedFromState(deps, player, isMoney);
        return { success: true as const, data: await launchGame(deps, player, request.params.id, isMoney) };
      },
    );
  }

  app.post(
    '/rest/game/:id/spin/',
    {
      schema: {
        tags: ['games'],
        summary: 'One step of play: a paid spin, a bonus buy, or the next free spin / respin of the session\'s feature',
        description:
          'Bet and win move as one atomic ledger operation with the round row. A retried idempotencyKey answers the first round (replayed: true); the same key with a different bet or session gets GAME_ROUND_KEY_CONFLICT. Errors: GAME_NOT_FOUND, GAME_SESSION_NOT_FOUND, GAME_SESSION_FORBIDDEN, GAME_SESSION_CLOSED, GAME_MODE_MISMATCH, GAME_PLAY_NOT_ALLOWED, GEO_SWEEPSTAKES_RESTRICTED, GAME_BET_INVALID, GAME_BET_OVER_MAX, GAME_BONUS_BUY_UNAVAILABLE, GAME_FEATURE_IN_PROGRESS, WALLET_INSUFFICIENT_FUNDS, FREE_SPINS_NOT_AVAILABLE (freeSpinsId names a grant that cannot play this spin: docs/rewards.md).',
        params: z.strictObject({ id: ZGameId }),
        body: ZSpinRequest,
        response: { 200: ZSpinResponse },
      },
      // Built from typed parts and checked against ZSpinResponse in the tests: validating every answer
      // with zod on this hot path would cost more than building it.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request, reply) => {
      const player = await requirePlayer(request);
      // Fortune Coin play from a restricted state is refused before the spin reads or writes anything.
      await assertPlayAllowedFromState(deps, player);
      reply.header('cache-control', 'no-store');
      const { session, bet, idempotencyKey, buy, freeSpinsId } = request.body;
      return {
        success: true as const,
        data: await spin(deps, { playerId: player.id, player: { accountStatus: player.account_status, gameMode: player.game_mode }, gameId: request.params.id, session, bet, buy: buy === true, idempotencyKey, ...(freeSpinsId === undefined ? {} : { freeSpinsId }) }),
      };
    },
  );

  app.get(
    '/rest/game/:id/rounds/',
    {
      schema: {
        tags: ['games'],
        summary: 'The player\'s rounds of this game, newest first',
        params: z.strictObject({ id: ZGameId }),
        querystring: z.strictObject({ cursor: z.coerce.number().int().positive().optional(), limit: z.coerce.number().int().min(1).max(100).default(20) }),
        response: { 200: ZRoundsResponse },
      },
    },
    async (request, reply) => {
      const player = await requirePlayer(request);
      await requireGame(deps, request.params.id);
      const db = deps.database.db;
      const rows = await listRounds(db, player.id, request.params.id, { cursor: request.query.cursor ?? null, limit: request.query.limit });
      const page = rows.slice(0, request.query.limit);
      const sessionIds = [...new Set(page.map((r) => Number(r.session_id)))];
      const seedIds = [...new Set(page.map((r) => Number(r.seed_id)))];
      const [sessions, seeds] = await Promise.all([
        sessionIds.length ? db.selectFrom('game_sessions').select(['id', 'token']).where('id', 'in', sessionIds).execute() : [],
        seedIds.length ? db.selectFrom('fairness_seeds').select(['id', 'server_seed_hash', 'client_seed']).where('id', 'in', seedIds).execute() : [],
      ]);
      const tokens = new Map(sessions.map((s) => [Number(s.id), s.token]));
      const seedById = new Map(seeds.map((s) => [Number(s.id), s]));
      reply.header('cache-control', 'no-store');
      return {
        success: true as const,
        data: {
          rounds: page.map((r) => roundView(r, tokens.get(Number(r.session_id)) ?? '', seedById.get(Number(r.seed_id))!)),
          nextCursor: rows.length > page.length ? Number(page.at(-1)!.id) : null,
        },
      };
    },
  );

  app.post(
    '/rest/game-session/:session/close/',
    {
      schema: {
        tags: ['games'],
        summary: 'Closes a game session (refused while free spins or respins are left)',
        params: z.strictObject({ session: z.string().min(1).max(64) }),
        body: z.strictObject({}).optional(),
        response: { 200: z.object({ success: z.literal(true) }) },
      },
    },
    async (request) => {
      const player = await requirePlayer(request);
      const session = await findGameSession(deps.database.db, request.params.session);
      if (!session) throw new AppError('GAME_SESSION_NOT_FOUND');
      if (Number(session.player_id) !== player.id) throw new AppError('GAME_SESSION_FORBIDDEN');
      if (parseState(session.feature_state_json) !== null) throw new AppError('GAME_FEATURE_IN_PROGRESS');
      if (session.status === 'open') await closeGameSession(deps.database.db, session.id, deps.clock.nowMs());
      return { success: true as const };
    },
  );
};

export default gamePlayRoutes;
