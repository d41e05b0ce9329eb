import { ZSeasonParams, ZSeasonResponse } from '@sweepstack/contracts/seasons/season';
import { defaultSeason, premiumPackageIds, SEASONS_FEATURE } from '@sweepstack/db/seasons/repository';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { JobDefinition } from '../../jobs/registry';
import { defineFeature } from '../../platform/define-feature';
import { seasonsHandlers } from './handlers';
import { seasonsEndJob, seasonsStartJob } from './jobs';
import { seasonsOperatorRoutes } from './operator-routes';
import type { SeasonPlayerState } from './progress';
import { isSeasonActive, readSeason } from './season-view';
import type { SeasonsSiteStatus } from './status';

/**
 * Seasons (docs/features/seasons.md, spec §3 app init `season`, §4 season push, §7
 * /rest/seasons/{slug}/, §9 12 levels): a timed tower of 12 levels climbed with points from play and
 * purchases, a free track and a premium track unlocked by a purchase, prizes paid through the rewards
 * engine as levels are reached; start and end are durable jobs.
 */
export default defineFeature({
  name: SEASONS_FEATURE,

  routes: async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { database, clock } = fastify.deps;

    app.get(
      '/rest/seasons/',
      { schema: { tags: ['seasons'], summary: 'The default season (running, else the next, else the last): levels, prizes, rates and (signed in) where I stand', response: { 200: ZSeasonResponse } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const player = await request.getPlayer();
        return { success: true as const, data: await readSeason(database.db, null, player?.id ?? null, clock.nowMs()) };
      },
    );

    app.get(
      '/rest/seasons/:slug/',
      { schema: { tags: ['seasons'], summary: 'One season by its slug: levels, prizes, rates and (signed in) where I stand', params: ZSeasonParams, response: { 200: ZSeasonResponse } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const player = await request.getPlayer();
        return { success: true as const, data: await readSeason(database.db, request.params.slug, player?.id ?? null, clock.nowMs()) };
      },
    );
  },

  operatorRoutes: seasonsOperatorRoutes,

  handlers: seasonsHandlers,

  // The platform's list is typed JobDefinition<never>: a kind with a payload schema needs the cast.
  jobs: [seasonsStartJob as JobDefinition<never>, seasonsEndJob as JobDefinition<never>],

  appInit: {
    key: 'season',
    build: ({ status, state, nowMs }) => {
      const site = status as SeasonsSiteStatus | null;
      if (!site) return { isEnabled: false, slug: null, totalProgressPercents: 0, currentLevel: 0, isAvailable: false, isActive: false };
      const mine = state as SeasonPlayerState | null;
      const own = mine !== null && mine.slug === site.slug ? mine : null;
      return {
        isEnabled: true,
        slug: site.slug,
        totalProgressPercents: own?.totalProgressPercents ?? 0,
        currentLevel: own?.level ?? 0,
        // The premium track is open to the player (a purchase unlocked it: the availableByDeposit push).
        isAvailable: own?.premium ?? false,
        // Running: started by its job, and off from its end time on even before the end job ran.
        isActive: site.status === 'running' && nowMs >= site.startsAtMs && nowMs < site.endsAtMs,
      };
    },
  },

  featureInfo: async ({ db, nowMs }) => {
    const season = await defaultSeason(db);
    const isActive = season !== undefined && isSeasonActive(season, nowMs);
    return { isActive, info: season ? { slug: season.slug, isActive, finishedAt: new Date(season.endsAtMs).toISOString() } : { isActive } };
  },

  cashierOffers: async ({ db }) => ({ ownPackageIds: await premiumPackageIds(db) }),
});
