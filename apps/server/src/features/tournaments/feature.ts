import { AppError } from '@sweepstack/contracts/errors';
import { ZCurrentTournamentQuery, ZCurrentTournamentResponse } from '@sweepstack/contracts/tournaments/current';
import { ZTournamentListQuery, ZTournamentListResponse } from '@sweepstack/contracts/tournaments/next';
import { ZSubscribeParams, ZSubscribeResponse } from '@sweepstack/contracts/tournaments/subscribe';
import { findEntry, listRuns, runningRuns } from '@sweepstack/db/tournaments/repository';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { JobDefinition } from '../../jobs/registry';
import { defineFeature } from '../../platform/define-feature';
import { requirePlayer } from '../../plugins/session';
import { tournamentHandlers } from './handlers';
import { JOB_PLAN, tournamentJobs } from './jobs';
import { scheduleJob } from '@sweepstack/db/jobs/repository';
import { tournamentOperatorRoutes } from './operator-routes';
import { tournamentPromotions } from './promotion';
import { redisStandings, tableStandings, type StandingsStore } from './standings';
import { subscribe, subscriptionsOf } from './subscribe';
import { FEATURE, gamesOf, tournamentView } from './views';

/** Tournaments, solo and team (docs/features/tournaments.md). */
export default defineFeature({
  name: FEATURE,

  routes: async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { deps } = fastify;
    const db = deps.database.db;
    const store: StandingsStore = deps.redis ? redisStandings(deps.redis, deps.database.url) : tableStandings;
    fastify.realtime.services.provide('tournamentStandings', () => store);
    // Plan at start too (not only at the planner's next occurrence): a fresh server shows its tournaments at once.
    fastify.addHook('onReady', async () => {
      const nowMs = deps.clock.nowMs();
      await scheduleJob(db, JOB_PLAN, `start:${new Date(nowMs - (nowMs % 60_000)).toISOString()}`, nowMs, {}, { clock: deps.clock });
    });
    const viewer = async (request: FastifyRequest) => (await request.getPlayer())?.id ?? null;

    app.get(
      '/rest/tournament/',
      { schema: { tags: ['tournaments'], summary: 'The tournament running now (on this game when gameId is given), or null', querystring: ZCurrentTournamentQuery, response: { 200: ZCurrentTournamentResponse } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const playerId = await viewer(request);
        const { gameId, locale } = request.query;
        const running = (await runningRuns(db)).filter((run) => gameId === undefined || gamesOf(run).includes(gameId));
        // The player's own tournament first, when they joined one of those running.
        let run = running[0];
        if (playerId !== null) for (const r of running) if (await findEntry(db, r.id, playerId)) { run = r; break; }
        return { success: true as const, data: run ? await tournamentView(db, store, run, playerId, deps.clock.nowMs(), locale) : null };
      },
    );

    for (const [url, past] of [['/rest/next-tournaments/', false], ['/rest/tournaments/history/', true]] as const) {
      app.get(
        url,
        { schema: { tags: ['tournaments'], summary: past ? 'Finished tournaments, newest first, with winners and payout status' : 'Running and upcoming tournaments, soonest first', querystring: ZTournamentListQuery, response: { 200: ZTournamentListResponse } } },
        async (request, reply) => {
          reply.header('cache-control', 'no-store');
          const playerId = await viewer(request);
          const { limit, offset, teamMode, locale } = request.query;
          const page = await listRuns(db, { past, limit, offset, ...(teamMode === undefined ? {} : { teamMode }) });
          const nowMs = deps.clock.nowMs();
          const tournaments = [];
          for (const run of page.runs) tournaments.push(await tournamentView(db, store, run, playerId, nowMs, locale));
          return { success: true as const, data: { tournaments, total: page.total, limit, offset } };
        },
      );
    }

    app.get(
      '/rest/tournaments/:id/subscribe/',
      { schema: { tags: ['tournaments'], summary: 'Join a tournament (players only; team tournaments put you in the smallest team)', params: ZSubscribeParams, response: { 200: ZSubscribeResponse } } },
      async (request, reply) => {
        // A GET by the spec: a link on another site must not join anyone.
        if (request.headers['sec-fetch-site'] === 'cross-site') throw new AppError('ORIGIN_FORBIDDEN');
        const player = await requirePlayer(request);
        reply.header('cache-control', 'no-store');
        const joined = await subscribe(deps, player, request.params.id);
        return { success: true as const, ...joined };
      },
    );
  },

  operatorRoutes: tournamentOperatorRoutes,

  handlers: tournamentHandlers,

  jobs: tournamentJobs as JobDefinition<never>[],

  promotions: tournamentPromotions,

  appInit: { key: 'TournamentsSubscriptions', build: ({ state, signedIn, nowMs }) => (signedIn ? subscriptionsOf(state, nowMs) : []) },
});
