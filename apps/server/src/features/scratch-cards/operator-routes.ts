import { AppError } from '@sweepstack/contracts/errors';
import { ZPrize } from '@sweepstack/contracts/rewards/prize';
import { writeFeatureStatus } from '@sweepstack/db/repositories/feature-state';
import { currentPrizeTable, rewardBudget, savePrizeTable, setRewardBudget } from '@sweepstack/db/rewards/repository';
import { saveScratchCardSettings, SCRATCH_CARD_TABLE, scratchCardSettings } from '@sweepstack/db/scratch-cards/repository';
import { parsePrizeTable, type PrizeTable } from '@sweepstack/domain/rewards/prize-table';
import { cardExpectation, cardTableProblem } from '@sweepstack/domain/scratch-cards/card-rules';
import { DomainError } from '@sweepstack/domain/shared/domain-error';
import { operatorDay } from '@sweepstack/domain/shared/operator-day';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scheduleFeatureFinish } from '../../jobs/kinds/feature-finish';
import { contentCache } from '../../lib/content-cache';
import type { OperatorRouteTools } from '../../platform/define-feature';
import { prizeTableOdds } from '../../rewards/views';
import { FEATURE, isScratchCardsActive, scratchCardsFeatureStatus } from './cards';

const DAY_MS = 86_400_000;

const ZTableBody = z.strictObject({
  fallbackSegment: z.number().int().min(0),
  segments: z.array(z.strictObject({ weight: z.number().int().min(1), prize: ZPrize, label: z.string().max(40).optional() })).min(1).max(64),
});

const ZRulesBody = z
  .strictObject({
    active: z.boolean().optional(),
    /** When the feature ends (ms since the epoch); null: no end. */
    finishesAtMs: z.number().int().min(0).nullable().optional(),
    /** A purchase of at least this many cents earns one card; null: purchases earn none. */
    purchaseThresholdCents: z.number().int().min(1).max(100_000_00).nullable().optional(),
    freeDaily: z.boolean().optional(),
    activationDelayMs: z.number().int().min(0).max(DAY_MS).optional(),
    lifetimeMs: z.number().int().min(60_000).max(90 * DAY_MS).optional(),
  })
  .refine((b) => Object.keys(b).length > 0, 'Give at least one rule');

const ZBudgetBody = z
  .strictObject({ GC: z.number().int().min(0).optional(), FC: z.number().int().min(0).optional() })
  .refine((b) => b.GC !== undefined || b.FC !== undefined, 'Give GC and/or FC (daily limits in ledger units)');

/** The scratch cards' operator calls (under /api/operator/scratch-cards/): rules, the card's table, budgets; each change audited. */
export function scratchCardOperatorRoutes(fastify: FastifyInstance, { audit }: OperatorRouteTools): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;
  const db = deps.database.db;
  const read = { operatorRoles: ['support', 'compliance'] as const };
  const write = { operatorRoles: ['compliance'] as const };

  app.get('/', { config: read, schema: { tags: ['operator'], summary: 'Scratch cards: rules, the card\'s table with odds and expected value, budgets and today\'s spend' } }, async () => {
    const settings = await scratchCardSettings(db);
    const nowMs = deps.clock.nowMs();
    const day = operatorDay(nowMs, settings.timeZone);
    const table = (await currentPrizeTable(db, SCRATCH_CARD_TABLE))!;
    return {
      success: true as const,
      data: { rules: { ...settings, isActive: isScratchCardsActive(settings, nowMs) }, table: prizeTableOdds(table), expectation: cardExpectation(table), budget: { day, ...(await rewardBudget(db, FEATURE, day)) } },
    };
  });

  app.put('/table/', { config: write, schema: { tags: ['operator'], summary: 'Save a new version of the card\'s prize table (applies to cards issued later; issued cards keep their draw)', body: ZTableBody } }, async (request) => {
    let table: PrizeTable;
    try {
      table = parsePrizeTable({ ...request.body, slug: SCRATCH_CARD_TABLE, feature: FEATURE });
    } catch (error) {
      if (error instanceof DomainError) throw new AppError('VALIDATION_FAILED', { fields: { table: error.message } });
      throw error;
    }
    const problem = cardTableProblem(table);
    if (problem !== null) throw new AppError('SCRATCH_CARDS_INVALID_TABLE', { fields: { table: problem } });
    const saved = await db.transaction().execute(async (trx) => {
      const before = await currentPrizeTable(trx, SCRATCH_CARD_TABLE);
      const stored = await savePrizeTable(trx, table, { nowMs: deps.clock.nowMs() });
      if (stored.version !== before?.version) await audit(trx, request, { action: 'table', targetType: 'prize_table', targetId: SCRATCH_CARD_TABLE, before: before ? { version: before.version, segments: before.segments, fallbackSegment: before.fallbackSegment } : null, after: { version: stored.version, segments: stored.segments, fallbackSegment: stored.fallbackSegment } });
      return stored;
    });
    return { success: true as const, data: prizeTableOdds(saved) };
  });

  app.put('/budgets/', { config: write, schema: { tags: ['operator'], summary: 'The scratch cards\' daily budget per currency (GC whole coins, FC hundredths), charged when a card is issued', body: ZBudgetBody } }, async (request) => {
    const nowMs = deps.clock.nowMs();
    await db.transaction().execute(async (trx) => {
      for (const currency of ['GC', 'FC'] as const) {
        const limit = request.body[currency];
        if (limit !== undefined) await setRewardBudget(trx, FEATURE, currency, limit, nowMs);
      }
      await audit(trx, request, { action: 'budgets', targetType: 'feature', targetId: FEATURE, after: request.body });
    });
    return { success: true as const };
  });

  app.put('/rules/', { config: write, schema: { tags: ['operator'], summary: 'Scratch card rules: active, finish time, purchase threshold, free daily card, activation delay, lifetime', body: ZRulesBody } }, async (request) => {
    const nowMs = deps.clock.nowMs();
    const rules = await db.transaction().execute(async (trx) => {
      const before = await scratchCardSettings(trx);
      const after = { ...before, ...request.body };
      if (after.lifetimeMs <= after.activationDelayMs) throw new AppError('VALIDATION_FAILED', { fields: { lifetimeMs: 'A card must live longer than its activation delay' } });
      await saveScratchCardSettings(trx, after, nowMs);
      await writeFeatureStatus(trx, FEATURE, scratchCardsFeatureStatus(after, nowMs), nowMs);
      // Spec §4: the finish is a durable timer; at that time the feature.finished event turns the status off.
      if (after.finishesAtMs !== null && after.finishesAtMs !== before.finishesAtMs) await scheduleFeatureFinish(trx, { feature: FEATURE, instance: 'site', finishAtMs: after.finishesAtMs }, { clock: deps.clock, log: request.log });
      await audit(trx, request, { action: 'rules', targetType: 'feature', targetId: FEATURE, before, after });
      return after;
    });
    // This process sees the new status at once (others within the content check interval).
    contentCache(deps).invalidate();
    return { success: true as const, data: rules };
  });
}
