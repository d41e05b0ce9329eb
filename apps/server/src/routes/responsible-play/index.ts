import { COOLING_OFF_PERIODS, PERIOD_MS, SELF_EXCLUSION_PERIODS } from '@sweepstack/domain/responsible-play/exclusions';
import type { Player } from '@sweepstack/db/repositories/players';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readExclusionState, startExclusion } from '../../responsible-play/exclusions';
import { requirePlayer } from '../../plugins/session';
import realityCheckRoutes from './reality-check';

const ZExclusion = z.object({
  id: z.number(),
  kind: z.enum(['cooling_off', 'self_exclusion']),
  period: z.string(),
  startedAtMs: z.number(),
  untilMs: z.number().nullable(),
});

const ZState = z.object({
  state: z.enum(['none', 'cooling_off', 'self_excluded']),
  current: ZExclusion.nullable(),
  history: z.array(ZExclusion),
  options: z.object({
    coolingOff: z.array(z.object({ period: z.enum(COOLING_OFF_PERIODS), durationMs: z.number() })),
    selfExclusion: z.array(z.object({ period: z.enum(SELF_EXCLUSION_PERIODS), durationMs: z.number().nullable() })),
  }),
});

const OPTIONS = {
  coolingOff: COOLING_OFF_PERIODS.map((period) => ({ period, durationMs: PERIOD_MS[period] as number })),
  selfExclusion: SELF_EXCLUSION_PERIODS.map((period) => ({ period, durationMs: PERIOD_MS[period] })),
};

/** `confirm: true` is the server's half of the confirmation step: a stray request without it starts nothing. */
const ZCoolingOffBody = z.strictObject({ period: z.enum(COOLING_OFF_PERIODS), confirm: z.literal(true) });
const ZSelfExclusionBody = z.strictObject({ period: z.enum(SELF_EXCLUSION_PERIODS), confirm: z.literal(true) });

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
    { schema: { tags: ['responsible-play'], summary: 'My cooling-off / self-exclusion state and the periods offered', querystring: z.strictObject({}), response: { 200: z.object({ success: z.literal(true), data: ZState }) } } },
    async (request, reply) => {
      const player = await requirePlayer(request);
      reply.header('cache-control', 'no-store');
      return answer(player);
    },
  );

  for (const [path, kind, body, summary] of [
    ['/rest/player/responsible-play/cooling-off/', 'cooling_off', ZCoolingOffBody, 'Start a cooling-off period (cannot be shortened or lifted early)'],
    ['/rest/player/responsible-play/self-exclusion/', 'self_exclusion', ZSelfExclusionBody, 'Self-exclude (cannot be shortened or lifted early)'],
  ] as const) {
    app.post(path, { schema: { tags: ['responsible-play'], summary, body, response: { 200: z.object({ success: z.literal(true), data: ZState }) } } }, async (request, reply) => {
      const player = await requirePlayer(request);
      await startExclusion(db, deps.clock, player.id, { kind, period: request.body.period, ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null });
      reply.header('cache-control', 'no-store');
      const after = await db.selectFrom('players').select(['id', 'account_status']).where('id', '=', player.id).executeTakeFirstOrThrow();
      return answer(after);
    });
  }
};

export default responsiblePlayRoutes;
