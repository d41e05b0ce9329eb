import { AppError } from '@sweepstack/contracts/errors';
import { ZPrizeLevel } from '@sweepstack/contracts/prize-drops/info';
import { prizeDropDay, prizeDropSettings, savePrizeDropSettings } from '@sweepstack/db/prize-drops/repository';
import { writeFeatureStatus } from '@sweepstack/db/repositories/feature-state';
import { MAX_CHANCE_DIVISOR, poolFigures, tierProblems } from '@sweepstack/domain/prize-drops/drop-rules';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OperatorRouteTools } from '../../platform/define-feature';
import { dayBounds, FEATURE } from './pool';

const ZRulesBody = z
  .strictObject({
    active: z.boolean().optional(),
    /** The tiers of the days that open after the change (today's pool keeps its own). */
    tiers: z.array(z.strictObject({ level: ZPrizeLevel, value: z.number().int().min(1), count: z.number().int().min(0).max(100_000) })).min(1).max(3).optional(),
    minimalLevel: z.number().int().min(0).max(1000).optional(),
    minimumStake: z.number().int().min(1).optional(),
    chanceDivisor: z.number().int().min(1).max(MAX_CHANCE_DIVISOR).optional(),
  })
  .refine((b) => Object.keys(b).length > 0, 'Give at least one rule');

/** Prize drops' operator calls (under /api/operator/prize-drops/): the rules and today's pool; changes audited. */
export function prizeDropsOperatorRoutes(fastify: FastifyInstance, { audit }: OperatorRouteTools): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;
  const db = deps.database.db;

  app.get('/', { config: { operatorRoles: ['support', 'compliance'] }, schema: { tags: ['operator'], summary: 'Prize drops: the rules and today\'s pool (released, awarded, paid)' } }, async () => {
    const settings = await prizeDropSettings(db);
    const { day } = dayBounds(deps.clock.nowMs(), settings.timeZone);
    const today = await prizeDropDay(db, day);
    return { success: true as const, data: { rules: { ...settings, ...poolFigures(settings.tiers) }, today: today ? { ...today, serverSeed: undefined } : null } };
  });

  app.put('/rules/', { config: { operatorRoles: ['compliance'] }, schema: { tags: ['operator'], summary: 'Change the rules (tiers apply from the next operator day)', body: ZRulesBody } }, async (request) =>
    db.transaction().execute(async (trx) => {
      const before = await prizeDropSettings(trx);
      const { timeZone: _zone, ...rules } = before;
      const after = { ...rules, ...request.body };
      const problems = tierProblems(after.tiers);
      if (problems.length > 0) throw new AppError('PRIZE_DROPS_BAD_TIERS', { fields: { tiers: problems.join('; ') } });
      const nowMs = deps.clock.nowMs();
      await savePrizeDropSettings(trx, after, nowMs);
      await writeFeatureStatus(trx, FEATURE, { isActive: after.active }, nowMs);
      await audit(trx, request, { action: 'rules', targetType: 'prize_drops_settings', targetId: 1, before: rules, after });
      return { success: true as const, data: { rules: { ...after, ...poolFigures(after.tiers) } } };
    }),
  );
}
