import { ZLeagueRulesBody, ZLeagueStatusBody } from '@sweepstack/contracts/rank-league/operator';
import { leagueEnabled, leagueVersionAt, refreshLeagueStatus, saveLeagueVersion, setLeagueEnabled, upcomingLeagueVersion } from '@sweepstack/db/rank-league/repository';
import { contentCache } from '../../lib/content-cache';
import { readOperatorTimeZone } from '@sweepstack/db/rewards/operator-time-zone';
import { periodOf } from '@sweepstack/domain/rank-league/period';
import { parseLeagueRules } from '@sweepstack/domain/rank-league/rules';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { OperatorRouteTools } from '../../platform/define-feature';

/**
 * The league's operator calls (under /api/operator/rank-league/): read the rules in force and those
 * waiting; save new rules (they apply from the next week's start, never to a week running); switch
 * the league on or off. Each change is audited in its transaction.
 */
export function leagueOperatorRoutes(fastify: FastifyInstance, { audit }: OperatorRouteTools): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;
  const db = deps.database.db;
  const read = { operatorRoles: ['support', 'compliance'] as const };
  const write = { operatorRoles: ['compliance'] as const };

  app.get('/', { config: read, schema: { tags: ['operator'], summary: 'The league: switch, rules in force, rules waiting for the next week' } }, async () => {
    const nowMs = deps.clock.nowMs();
    const current = await leagueVersionAt(db, nowMs);
    const upcoming = await upcomingLeagueVersion(db, nowMs);
    const period = periodOf(nowMs, await readOperatorTimeZone(db));
    return {
      success: true as const,
      data: {
        enabled: await leagueEnabled(db),
        period: { key: period.key, startsAtMs: period.startMs, endsAtMs: period.endMs },
        current: current ?? null,
        upcoming: upcoming ?? null,
      },
    };
  });

  app.put('/rules/', { config: write, schema: { tags: ['operator'], summary: "Save new rules: they apply from the next week's start", body: ZLeagueRulesBody } }, async (request) => {
    const rules = parseLeagueRules(request.body);
    const saved = await db.transaction().execute(async (trx) => {
      const nowMs = deps.clock.nowMs();
      const period = periodOf(nowMs, await readOperatorTimeZone(trx));
      const before = (await upcomingLeagueVersion(trx, nowMs)) ?? (await leagueVersionAt(trx, nowMs));
      const id = await saveLeagueVersion(trx, rules, period.endMs, nowMs);
      await refreshLeagueStatus(trx, nowMs);
      await audit(trx, request, { action: 'rules.update', targetType: 'rank_league_version', targetId: id, before: before?.rules ?? null, after: rules });
      return { success: true as const, data: { id, effectiveFromMs: period.endMs } };
    });
    contentCache(deps).invalidate();
    return saved;
  });

  app.put('/status/', { config: write, schema: { tags: ['operator'], summary: 'Switch the league on or off (at once)', body: ZLeagueStatusBody } }, async (request) => {
    const result = await db.transaction().execute(async (trx) => {
      const nowMs = deps.clock.nowMs();
      const before = await leagueEnabled(trx);
      await setLeagueEnabled(trx, request.body.enabled, nowMs);
      const status = await refreshLeagueStatus(trx, nowMs);
      await audit(trx, request, { action: 'status.update', targetType: 'rank_league', targetId: 1, before: { enabled: before }, after: { enabled: request.body.enabled } });
      return { success: true as const, data: { enabled: status.enabled } };
    });
    contentCache(deps).invalidate();
    return result;
  });
}
