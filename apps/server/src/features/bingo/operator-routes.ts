import { AppError } from '@sweepstack/contracts/errors';
import { ZPrize } from '@sweepstack/contracts/rewards/prize';
import { BINGO_TABLES, bingoSettings, saveBingoSettings } from '@sweepstack/db/bingo/repository';
import { writeFeatureStatus } from '@sweepstack/db/repositories/feature-state';
import { currentPrizeTable, currentPrizeTables, savePrizeTable } from '@sweepstack/db/rewards/repository';
import { parsePrizeTable, type PrizeTable } from '@sweepstack/domain/rewards/prize-table';
import { DomainError } from '@sweepstack/domain/shared/domain-error';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OperatorRouteTools } from '../../platform/define-feature';
import { prizeTableOdds } from '../../rewards/views';
import { FEATURE, isBingoOn } from './bingo-state';

const ZRulesBody = z
  .strictObject({
    active: z.boolean().optional(),
    stakePerBall: z.number().int().min(1).max(1_000_000_000).optional(),
    periodDays: z.number().int().min(1).max(31).optional(),
    anchorDay: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  })
  .refine((b) => Object.keys(b).length > 0, 'Give at least one rule');

const ZTableBody = z.strictObject({
  fallbackSegment: z.number().int().min(0),
  segments: z.array(z.strictObject({ weight: z.number().int().min(1), prize: ZPrize, label: z.string().max(40).optional() })).min(1).max(64),
});

const SLUGS = Object.values(BINGO_TABLES) as string[];

/** Bingo's operator calls (under /api/operator/bingo/): rules and its two prize tables; changes audited. */
export function bingoOperatorRoutes(fastify: FastifyInstance, { audit }: OperatorRouteTools): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;
  const db = deps.database.db;

  app.get('/', { config: { operatorRoles: ['support', 'compliance'] }, schema: { tags: ['operator'], summary: 'Bingo: rules and prize tables with their odds' } }, async () => {
    const settings = await bingoSettings(db);
    return { success: true as const, data: { rules: { ...settings, isActive: isBingoOn(settings, deps.config.THEME) }, tables: (await currentPrizeTables(db, FEATURE)).map(prizeTableOdds) } };
  });

  app.put('/rules/', { config: { operatorRoles: ['compliance'] }, schema: { tags: ['operator'], summary: 'Bingo rules: active, stake per ball, the card period', body: ZRulesBody } }, async (request) =>
    db.transaction().execute(async (trx) => {
      const { timeZone: _zone, ...before } = await bingoSettings(trx);
      const after = { ...before, ...request.body };
      const nowMs = deps.clock.nowMs();
      await saveBingoSettings(trx, after, nowMs);
      await writeFeatureStatus(trx, FEATURE, { isActive: isBingoOn({ ...after, timeZone: _zone }, deps.config.THEME) }, nowMs);
      await audit(trx, request, { action: 'rules', targetType: 'feature', targetId: FEATURE, before, after });
      return { success: true as const, data: after };
    }),
  );

  app.put('/tables/:slug/', { config: { operatorRoles: ['compliance'] }, schema: { tags: ['operator'], summary: 'Save a new version of a bingo prize table (later draws only)', params: z.strictObject({ slug: z.string().max(64) }), body: ZTableBody } }, async (request) => {
    const { slug } = request.params;
    if (!SLUGS.includes(slug)) throw new AppError('VALIDATION_FAILED', { fields: { slug: `One of ${SLUGS.join(', ')}` } });
    let table: PrizeTable;
    try {
      table = parsePrizeTable({ ...request.body, slug, feature: FEATURE });
    } catch (error) {
      if (error instanceof DomainError) throw new AppError('VALIDATION_FAILED', { fields: { table: error.message } });
      throw error;
    }
    const bad = table.segments.findIndex((s) => s.prize.kind === 'multiplier' || s.prize.kind === 'lootbox');
    if (bad >= 0) throw new AppError('VALIDATION_FAILED', { fields: { [`segments.${bad}.prize`]: 'Bingo pays coins, free spins or nothing' } });
    const saved = await db.transaction().execute(async (trx) => {
      const before = await currentPrizeTable(trx, slug);
      const stored = await savePrizeTable(trx, table, { nowMs: deps.clock.nowMs() });
      if (stored.version !== before?.version) await audit(trx, request, { action: 'table', targetType: 'prize_table', targetId: slug, before: before ? { version: before.version, segments: before.segments } : null, after: { version: stored.version, segments: stored.segments } });
      return stored;
    });
    return { success: true as const, data: prizeTableOdds(saved) };
  });
}
