import { AppError } from '@sweepstack/contracts/errors';
import { ZGameModeSwitchResponse, type GameMode } from '@sweepstack/contracts/realtime/game-mode';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assertSweepstakesAllowed } from '../../geo/sweepstakes-access';
import { requirePlayer } from '../../plugins/session';
import { switchGameMode } from './switch-game-mode';

const SWITCHES: { path: string; gameMode: GameMode; summary: string }[] = [
  { path: '/rest/player/game-mode/switch-to-sweep-stakes/', gameMode: 'SweepStakes', summary: 'Play with Fortune Coins (SweepStakes mode)' },
  { path: '/rest/player/game-mode/switch-to-tournament-points/', gameMode: 'TournamentPoints', summary: 'Play with Gold Coins (TournamentPoints mode)' },
];

/**
 * The spec makes these GETs although they change state. SameSite=Lax sends the session cookie on a
 * cross-site top-level GET, so a link on another site could flip the mode: browsers mark such
 * requests `Sec-Fetch-Site: cross-site`, and those are refused.
 */
function refuseCrossSite(request: FastifyRequest): void {
  if (request.headers['sec-fetch-site'] === 'cross-site') throw new AppError('ORIGIN_FORBIDDEN');
}

/** Game mode switch (spec §4 Game mode, §7 Player): stored, then pushed to every open tab. */
const gameModeRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  for (const { path, gameMode, summary } of SWITCHES) {
    app.get(path, { schema: { tags: ['player'], summary, querystring: z.strictObject({}), response: { 200: ZGameModeSwitchResponse } } }, async (request, reply) => {
      refuseCrossSite(request);
      const player = await requirePlayer(request);
      reply.header('cache-control', 'no-store');
      // SweepStakes mode is not offered in a restricted state (docs/geo-restriction.md); Gold Coins always are.
      if (gameMode === 'SweepStakes') await assertSweepstakesAllowed(fastify.deps, player.id);
      return { success: true as const, gameMode: await switchGameMode(fastify.deps, player.id, gameMode) };
    });
  }
};

export default gameModeRoutes;
