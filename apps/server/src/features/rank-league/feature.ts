import { ZCashbackPayResponse, ZCashbackResponse } from '@sweepstack/contracts/rank-league/cashback';
import { ZLeagueLocaleQuery, ZRankLeagueInfoResponse } from '@sweepstack/contracts/rank-league/info';
import { AppError } from '@sweepstack/contracts/errors';
import type { RankLeaguePlayerState, RankLeagueStatus } from '@sweepstack/db/rank-league/repository';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { JobDefinition } from '../../jobs/registry';
import { defineFeature } from '../../platform/define-feature';
import { requirePlayer } from '../../plugins/session';
import { claimCashback } from './claim-cashback';
import { leagueHandlers } from './handlers';
import { leagueOperatorRoutes } from './operator-routes';
import { closePeriodJob, expireCashbackJob } from './period-jobs';
import { cashbackPromotions } from './promotion';
import { readCashback, readLeagueInfo } from './read-info';
import { appInitSlice, FEATURE } from './views';

/**
 * The VIP rank league with weekly cashback (docs/features/rank-league.md, spec §1, §3 rankLeague and
 * Cashback, §4 rank league push, §7 /rest/cashback/pay/): experience from play, sections of levels
 * with a reward each, demotion, the week's cashback, the section's daily wheel prize.
 */
export default defineFeature({
  name: FEATURE,

  routes: async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { database, clock } = fastify.deps;

    app.get(
      '/rest/rank-league/info/',
      { schema: { tags: ['rank-league'], summary: 'The league: published rates, every section with its benefits, the week, and where the player stands', querystring: ZLeagueLocaleQuery, response: { 200: ZRankLeagueInfoResponse } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const player = await request.getPlayer();
        const data = await readLeagueInfo(database.db, player ?? null, clock.nowMs(), request.query.locale);
        if (!data) throw new AppError('RANK_LEAGUE_NOT_ENABLED');
        return { success: true as const, data };
      },
    );

    app.get(
      '/rest/cashback/',
      { schema: { tags: ['rank-league'], summary: "Weekly cashback (spec §3 Cashback): each section's rate, when this week's is calculated, the one waiting", querystring: ZLeagueLocaleQuery, response: { 200: ZCashbackResponse } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const player = await request.getPlayer();
        const data = await readCashback(database.db, player?.id ?? null, clock.nowMs(), request.query.locale);
        if (!data) throw new AppError('RANK_LEAGUE_NOT_ENABLED');
        return { success: true as const, data };
      },
    );

    app.post(
      '/rest/cashback/pay/',
      { schema: { tags: ['rank-league'], summary: 'Claims the waiting weekly cashback, once per week (data.prize: what was paid)', response: { 200: ZCashbackPayResponse } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const player = await requirePlayer(request);
        return claimCashback(database.db, player, clock);
      },
    );
  },

  operatorRoutes: leagueOperatorRoutes,

  handlers: leagueHandlers,

  // The platform's list is typed JobDefinition<never>: kinds with a payload schema need the cast.
  jobs: [closePeriodJob as JobDefinition<never>, expireCashbackJob as JobDefinition<never>],

  promotions: cashbackPromotions,

  appInit: {
    key: 'rankLeague',
    build: ({ status, state, signedIn, accountStatus, nowMs }) => appInitSlice(status as RankLeagueStatus | null, state as RankLeaguePlayerState | null, signedIn, accountStatus, nowMs),
  },
});
