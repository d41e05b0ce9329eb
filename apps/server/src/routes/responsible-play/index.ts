import type { COOLING_OFF_PERIODS as CONTRACT_COOLING_OFF_PERIODS, ExclusionState, SELF_EXCLUSION_PERIODS as CONTRACT_SELF_EXCLUSION_PERIODS } from '@sweepstack/contracts/responsible-play/exclusion';
import { ZExclusionStateRequest, ZExclusionStateResponse } from '@sweepstack/contracts/responsible-play/exclusion-state';
import { ZStartCoolingOffRequest, ZStartCoolingOffResponse } from '@sweepstack/contracts/responsible-play/start-cooling-off';
import { ZStartSelfExclusionRequest, ZStartSelfExclusionResponse } from '@sweepstack/contracts/responsible-play/start-self-exclusion';
import { findPlayerById, type Player } from '@sweepstack/db/repositories/players';
import { COOLING_OFF_PERIODS, type ExclusionPeriod, PERIOD_MS, SELF_EXCLUSION_PERIODS } from '@sweepstack/domain/responsible-play/exclusions';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { readExclusionState, startExclusion } from '../../responsible-play/exclusions';
import { requirePlayer } from '../../plugins/session';
import realityCheckRoutes from './reality-check';

// The contract's periods are the domain's (a type error here when the two lists differ).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const periodsAgree: Same<(typeof COOLING_OFF_PERIODS)[number], (typeof CONTRACT_COOLING_OFF_PERIODS)[number]> & Same<(typeof SELF_EXCLUSION_PERIODS)[number], (typeof CONTRACT_SELF_EXCLUSION_PERIODS)[number]> = true;
void periodsAgree;

const OPTIONS: ExclusionState['options'] = {
  coolingOff: COOLING_OFF_PERIODS.map((period) => ({ period, durationMs: PERIOD_MS[period] as number })),
  selfExclusion: SELF_EXCLUSION_PERIODS.map((period) => ({ period, durationMs: PERIOD_MS[period] })),
};

/** Cooling-off, self-exclusion and the reality check, set by the signed-in player (docs/responsible-play.md). */
const responsiblePlayRoutes: FastifyPluginAsync = async (fastify) => {
  await fastify.register(realityCheckRoutes);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;
  const { db } = deps.database;

  const answer = async (player: Pick<Player, 'id' | 'account_status'>) => {
    const state = await readExclusionState(db, player, deps.clock.nowMs());
    return { success: true as const, data: { ...state, options: OPTIONS } };
  };

  app.get(
    '/rest/player/responsible-play/exclusion/',
    { schema: { tags: ['responsible-play'], summary: 'My cooling-off / self-exclusion state and the periods offered', querystring: ZExclusionStateRequest, response: { 200: ZExclusionStateResponse } } },
    async (request, reply) => {
      const player = await requirePlayer(request);
      reply.header('cache-control', 'no-store');
      return answer(player);
    },
  );

  const start = async (playerId: number, kind: 'cooling_off' | 'self_exclusion', period: ExclusionPeriod, origin: { ip: string | null; userAgent: string | null }) => {
    await startExclusion(db, deps.clock, playerId, { kind, period, ...origin });
    const after = await findPlayerById(db, playerId);
    if (!after) throw new Error(`responsible play: no player ${playerId}`);
    return answer(after);
  };

  for (const [path, kind, body, response, summary] of [
    ['/rest/player/responsible-play/cooling-off/', 'cooling_off', ZStartCoolingOffRequest, ZStartCoolingOffResponse, 'Start a cooling-off period (cannot be shortened or lifted early)'],
    ['/rest/player/responsible-play/self-exclusion/', 'self_exclusion', ZStartSelfExclusionRequest, ZStartSelfExclusionResponse, 'Self-exclude (cannot be shortened or lifted early)'],
  ] as const) {
    app.post(path, { schema: { tags: ['responsible-play'], summary, body, response: { 200: response } } }, async (request, reply) => {
      const player = await requirePlayer(request);
      const result = await start(player.id, kind, request.body.period, { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null });
      reply.header('cache-control', 'no-store');
      return result;
    });
  }
};

export default responsiblePlayRoutes;
