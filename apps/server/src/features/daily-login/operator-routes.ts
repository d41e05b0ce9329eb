import { ZClaimsQuery, ZClaimsResponse, ZLadderResponse, ZMarkOutageDayRequest, ZOutageDaysResponse, ZSaveLadderRequest, ZSetTimeZoneRequest, ZTimeZoneResponse } from '@sweepstack/contracts/daily-login/operator';
import { AppError } from '@sweepstack/contracts/errors';
import { addOutageDay, currentLadder, listClaims, listOutageDays, saveLadder, writeDailyLoginStatus, type DailyLoginLadder } from '@sweepstack/db/daily-login/repository';
import { readOperatorTimeZone, writeOperatorTimeZone } from '@sweepstack/db/rewards/operator-time-zone';
import { parsePrize } from '@sweepstack/domain/rewards/prize';
import { isTimeZone } from '@sweepstack/domain/shared/operator-day';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contentCache } from '../../lib/content-cache';
import type { FeatureDefinition } from '../../platform/define-feature';
import { scheduleDailyLoginFinish } from './finish-job';

const READERS = ['support', 'compliance'] as const;

function ladderView(ladder: DailyLoginLadder, timeZone: string) {
  return {
    version: ladder.version,
    levels: ladder.levels,
    graceDays: ladder.rules.graceDays,
    afterLast: ladder.rules.afterLast,
    active: ladder.active,
    finishedAt: ladder.finishesAtMs === null ? null : new Date(ladder.finishesAtMs).toISOString(),
    timeZone,
  };
}

/**
 * The operator calls under `/api/operator/daily-login/` (docs/features/daily-login.md): support and
 * compliance read; compliance marks outage days; admins edit the ladder and the operator day's time
 * zone. Every change is audited in its own transaction.
 */
export const dailyLoginOperatorRoutes: NonNullable<FeatureDefinition['operatorRoutes']> = (fastify, { audit }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database, clock } = fastify.deps;
  const { db } = database;

  app.get('/ladder/', { config: { operatorRoles: READERS }, schema: { tags: ['operator'], response: { 200: ZLadderResponse } } }, async () => {
    const ladder = await currentLadder(db);
    return { success: true as const, data: ladder ? ladderView(ladder, await readOperatorTimeZone(db)) : null };
  });

  app.put('/ladder/', { config: { operatorRoles: ['admin'] }, schema: { tags: ['operator'], body: ZSaveLadderRequest, response: { 200: ZLadderResponse } } }, async (request) => {
    const body = request.body;
    const levels = body.levels.map((level) => parsePrize(level));
    const finishesAtMs = body.finishedAt === null ? null : Date.parse(body.finishedAt);
    const nowMs = clock.nowMs();
    const saved = await db.transaction().execute(async (trx) => {
      const before = await currentLadder(trx);
      const ladder = await saveLadder(trx, { levels, graceDays: body.graceDays, afterLast: body.afterLast, active: body.active, finishesAtMs }, { nowMs, operatorId: request.operator?.id ?? null });
      await writeDailyLoginStatus(trx, ladder, nowMs);
      if (finishesAtMs !== null && finishesAtMs > nowMs) await scheduleDailyLoginFinish(trx, finishesAtMs, clock);
      await audit(trx, request, { action: 'ladder.save', targetType: 'daily_login_ladder', targetId: ladder.version, before: before ?? null, after: body });
      return ladder;
    });
    contentCache(fastify.deps).invalidate();
    return { success: true as const, data: ladderView(saved, await readOperatorTimeZone(db)) };
  });

  app.put('/time-zone/', { config: { operatorRoles: ['admin'] }, schema: { tags: ['operator'], body: ZSetTimeZoneRequest, response: { 200: ZTimeZoneResponse } } }, async (request) => {
    const { timeZone } = request.body;
    if (!isTimeZone(timeZone)) throw new AppError('VALIDATION_FAILED', { fields: { timeZone: 'Not an IANA time zone (America/New_York, UTC…)' } });
    await db.transaction().execute(async (trx) => {
      const before = await readOperatorTimeZone(trx);
      await writeOperatorTimeZone(trx, timeZone, clock.nowMs());
      await audit(trx, request, { action: 'time-zone.set', targetType: 'setting', targetId: 'rewards.operator_time_zone', before, after: timeZone });
    });
    return { success: true as const, data: { timeZone } };
  });

  app.get('/outage-days/', { config: { operatorRoles: READERS }, schema: { tags: ['operator'], response: { 200: ZOutageDaysResponse } } }, async () => ({ success: true as const, data: { days: await listOutageDays(db) } }));

  app.post('/outage-days/', { config: { operatorRoles: ['compliance'] }, schema: { tags: ['operator'], body: ZMarkOutageDayRequest, response: { 200: ZOutageDaysResponse } } }, async (request) => {
    const { day, reason } = request.body;
    if (Number.isNaN(Date.parse(`${day}T00:00:00Z`))) throw new AppError('VALIDATION_FAILED', { fields: { day: 'Not a calendar day' } });
    await db.transaction().execute(async (trx) => {
      await addOutageDay(trx, day, reason, { nowMs: clock.nowMs(), operatorId: request.operator?.id ?? null });
      await audit(trx, request, { action: 'outage-day.mark', targetType: 'daily_login_outage_day', targetId: day, after: { day, reason } });
    });
    return { success: true as const, data: { days: await listOutageDays(db) } };
  });

  app.get('/claims/', { config: { operatorRoles: READERS }, schema: { tags: ['operator'], querystring: ZClaimsQuery, response: { 200: ZClaimsResponse } } }, async (request) => {
    const claims = await listClaims(db, request.query);
    return { success: true as const, data: { claims: claims.map((c) => ({ id: c.id, playerId: c.playerId, day: c.day, level: c.level, ladderVersion: c.ladderVersion, prize: c.prize, automatic: c.automatic, createdAt: new Date(c.createdAtMs).toISOString() })) } };
  });
};
