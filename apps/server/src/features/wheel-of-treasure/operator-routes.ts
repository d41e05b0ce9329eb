import { AppError } from '@sweepstack/contracts/errors';
import { ZPrize } from '@sweepstack/contracts/rewards/prize';
import { currentPrizeTable, currentPrizeTables, rewardBudget, savePrizeTable, setRewardBudget } from '@sweepstack/db/rewards/repository';
import { saveWheelSettings, setWheelOffer, WHEEL_TABLES, wheelOffers, wheelSettings } from '@sweepstack/db/wheel-of-treasure/repository';
import { parsePrizeTable, type PrizeTable } from '@sweepstack/domain/rewards/prize-table';
import { DomainError } from '@sweepstack/domain/shared/domain-error';
import { isTimeZone, operatorDay } from '@sweepstack/domain/shared/operator-day';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { writeFeatureStatus } from '@sweepstack/db/repositories/feature-state';
import { writeOperatorTimeZone } from '@sweepstack/db/rewards/operator-time-zone';
import { scheduleFeatureFinish } from '../../jobs/kinds/feature-finish';
import type { OperatorRouteTools } from '../../platform/define-feature';
import { prizeTableOdds } from '../../rewards/views';
import { FEATURE, isWheelActive, wheelFeatureStatus } from './wheel-info';

const SLUGS = Object.values(WHEEL_TABLES) as string[];

const ZTableBody = z.strictObject({
  fallbackSegment: z.number().int().min(0),
  segments: z.array(z.strictObject({ weight: z.number().int().min(1), prize: ZPrize, label: z.string().max(40).optional() })).min(1).max(64),
});

const ZRulesBody = z
  .strictObject({
    active: z.boolean().optional(),
    boosterRounds: z.number().int().min(0).max(100_000).optional(),
    /** When the feature ends (ms since the epoch); null: no end. */
    finishesAtMs: z.number().int().min(0).nullable().optional(),
    timeZone: z.string().max(64).refine(isTimeZone, 'An IANA time zone, e.g. America/New_York').optional(),
  })
  .refine((b) => Object.keys(b).length > 0, 'Give at least one rule');

const ZBudgetBody = z
  .strictObject({ GC: z.number().int().min(0).optional(), FC: z.number().int().min(0).optional() })
  .refine((b) => b.GC !== undefined || b.FC !== undefined, 'Give GC and/or FC (daily limits in ledger units)');

/** What each of the wheel's tables may hold: the booster only multipliers, only the chest wheel a chest (of the lootbox table). */
function checkWheelTable(table: PrizeTable): void {
  for (const [index, segment] of table.segments.entries()) {
    const kind = segment.prize.kind;
    const bad =
      table.slug === WHEEL_TABLES.booster
        ? kind !== 'multiplier'
        : kind === 'multiplier' || (kind === 'lootbox' && (table.slug !== WHEEL_TABLES.extraLootbox || segment.prize.table !== WHEEL_TABLES.lootbox));
    if (bad) throw new AppError('VALIDATION_FAILED', { fields: { [`segments.${index}.prize`]: table.slug === WHEEL_TABLES.booster ? 'The booster wheel holds multipliers only' : `A ${kind} cannot be on this wheel` } });
  }
}

/** The wheel's operator calls (under /api/operator/wheel-of-treasure/): tables, budgets, rules, offers; each change audited. */
export function wheelOperatorRoutes(fastify: FastifyInstance, { audit }: OperatorRouteTools): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;
  const db = deps.database.db;
  const read = { operatorRoles: ['support', 'compliance'] as const };
  const write = { operatorRoles: ['compliance'] as const };

  app.get('/', { config: read, schema: { tags: ['operator'], summary: 'The wheel: rules, tables with odds, budgets and today\'s spend, offers' } }, async () => {
    const settings = await wheelSettings(db);
    const nowMs = deps.clock.nowMs();
    const day = operatorDay(nowMs, settings.timeZone);
    return {
      success: true as const,
      data: {
        rules: { ...settings, isActive: isWheelActive(settings, nowMs) },
        tables: (await currentPrizeTables(db, FEATURE)).map(prizeTableOdds),
        budget: { day, ...(await rewardBudget(db, FEATURE, day)) },
        offers: Object.fromEntries(await wheelOffers(db)),
      },
    };
  });

  app.put('/tables/:slug/', { config: write, schema: { tags: ['operator'], summary: 'Save a new version of one of the wheel\'s prize tables (applies to later draws only)', params: z.strictObject({ slug: z.string().max(64) }), body: ZTableBody } }, async (request) => {
    const { slug } = request.params;
    if (!SLUGS.includes(slug)) throw new AppError('WHEEL_OF_TREASURE_UNKNOWN_TABLE');
    let table: PrizeTable;
    try {
      table = parsePrizeTable({ ...request.body, slug, feature: FEATURE });
    } catch (error) {
      if (error instanceof DomainError) throw new AppError('VALIDATION_FAILED', { fields: { table: error.message } });
      throw error;
    }
    checkWheelTable(table);
    const saved = await db.transaction().execute(async (trx) => {
      const before = await currentPrizeTable(trx, slug);
      const stored = await savePrizeTable(trx, table, { nowMs: deps.clock.nowMs() });
      if (stored.version !== before?.version) await audit(trx, request, { action: 'table', targetType: 'prize_table', targetId: slug, before: before ? { version: before.version, segments: before.segments, fallbackSegment: before.fallbackSegment } : null, after: { version: stored.version, segments: stored.segments, fallbackSegment: stored.fallbackSegment } });
      return stored;
    });
    return { success: true as const, data: prizeTableOdds(saved) };
  });

  app.put('/budgets/', { config: write, schema: { tags: ['operator'], summary: 'The wheel\'s daily budget per currency (GC whole coins, FC hundredths)', body: ZBudgetBody } }, async (request) => {
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

  app.put('/rules/', { config: write, schema: { tags: ['operator'], summary: 'The wheel\'s rules: active, booster rounds, finish time, and the operator day\'s time zone (shared by every daily feature)', body: ZRulesBody } }, async (request) => {
    const nowMs = deps.clock.nowMs();
    const rules = await db.transaction().execute(async (trx) => {
      const before = await wheelSettings(trx);
      const after = { ...before, ...request.body };
      await saveWheelSettings(trx, after, nowMs);
      // The time zone is the operator day's, shared with daily login and the budgets (docs/rewards.md).
      if (request.body.timeZone !== undefined && request.body.timeZone !== before.timeZone) await writeOperatorTimeZone(trx, request.body.timeZone, nowMs);
      await writeFeatureStatus(trx, FEATURE, wheelFeatureStatus(after, nowMs), nowMs);
      // Spec §4: the finish is a durable timer; at that time the feature.finished event turns the status off.
      if (after.finishesAtMs !== null && after.finishesAtMs !== before.finishesAtMs) await scheduleFeatureFinish(trx, { feature: FEATURE, instance: 'site', finishAtMs: after.finishesAtMs }, { clock: deps.clock, log: request.log });
      await audit(trx, request, { action: 'rules', targetType: 'feature', targetId: FEATURE, before, after });
      return after;
    });
    return { success: true as const, data: rules };
  });

  app.put('/offers/:packageId/', { config: write, schema: { tags: ['operator'], summary: 'Extra spins a cashier package carries (null: none)', params: z.strictObject({ packageId: z.string().min(1).max(64) }), body: z.strictObject({ spins: z.number().int().min(1).max(100).nullable() }) } }, async (request) => {
    const { packageId } = request.params;
    await db.transaction().execute(async (trx) => {
      const pkg = await trx.selectFrom('cashier_packages').select('id').where('id', '=', packageId).executeTakeFirst();
      if (!pkg) throw new AppError('WHEEL_OF_TREASURE_UNKNOWN_PACKAGE');
      const before = (await wheelOffers(trx)).get(packageId) ?? null;
      await setWheelOffer(trx, packageId, request.body.spins);
      await audit(trx, request, { action: 'offer', targetType: 'cashier_package', targetId: packageId, before: { spins: before }, after: request.body });
    });
    return { success: true as const };
  });
}
