import { ZAdventureMapInfoResponse, ZAdventureMapSectionParams, ZAdventureMapSectionResponse, ZSetCurrentSectionRequest, ZSetCurrentSectionResponse } from '@sweepstack/contracts/adventure-map/map';
import { AppError } from '@sweepstack/contracts/errors';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { defineFeature } from '../../platform/define-feature';
import { requirePlayer } from '../../plugins/session';
import type { JobDefinition } from '../../jobs/registry';
import { adventureMapFinishJob } from './finish-job';
import { adventureMapHandlers } from './handlers';
import { FEATURE, isMapRunning, readMapInfo } from './map-info';
import { adventureMapOperatorRoutes } from './operator-routes';
import { setCurrentSection } from './set-current-section';

/** The adventure map (docs/features/adventure-map.md). */
export default defineFeature({
  name: FEATURE,

  routes: async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { deps } = fastify;

    app.get(
      '/rest/adventure-map-info/',
      { schema: { tags: ['adventure-map'], summary: 'The map: its event, my points and every stop', querystring: z.strictObject({}), response: { 200: ZAdventureMapInfoResponse } } },
      async (request, reply) => {
        const player = await request.getPlayer();
        reply.header('cache-control', 'no-store');
        return { success: true as const, data: (await readMapInfo(deps.database.db, player?.id ?? null, deps.clock.nowMs())).info };
      },
    );

    app.get(
      '/rest/adventure-map/:section/',
      { schema: { tags: ['adventure-map'], summary: 'One stop: current/ (where my token is) or its number', params: ZAdventureMapSectionParams, response: { 200: ZAdventureMapSectionResponse } } },
      async (request, reply) => {
        const player = await request.getPlayer();
        reply.header('cache-control', 'no-store');
        const { info, state } = await readMapInfo(deps.database.db, player?.id ?? null, deps.clock.nowMs());
        if (!info.event) throw new AppError('ADVENTURE_MAP_NOT_ACTIVE');
        const index = request.params.section === 'current' ? state.currentIndex : Number(request.params.section);
        const section = info.sections[index];
        if (!section) throw new AppError('ADVENTURE_MAP_UNKNOWN_SECTION');
        return { success: true as const, data: { section, points: info.points } };
      },
    );

    app.post(
      '/rest/adventure-map/current/',
      { schema: { tags: ['adventure-map'], summary: 'Move my token to the next stop (its points reached): it becomes current and its award is claimed', body: ZSetCurrentSectionRequest, response: { 200: ZSetCurrentSectionResponse } } },
      async (request, reply) => {
        const player = await requirePlayer(request);
        reply.header('cache-control', 'no-store');
        return { success: true as const, data: await setCurrentSection(deps, player, request.body.index) };
      },
    );
  },

  operatorRoutes: adventureMapOperatorRoutes,

  handlers: adventureMapHandlers,

  jobs: [adventureMapFinishJob as JobDefinition<never>],

  featureInfo: async ({ db, player, nowMs }) => {
    const { info, settings, sections, state } = await readMapInfo(db, player?.id ?? null, nowMs);
    const isActive = isMapRunning(settings, nowMs);
    if (!settings) return { isActive, fields: { adventureMap: null } };
    const next = sections[state.currentIndex + 1];
    return {
      isActive,
      info: info.event,
      fields: {
        adventureMap: {
          slug: settings.slug,
          points: state.points,
          currentIndex: state.currentIndex,
          sectionsCount: sections.length,
          canMove: player !== null && next !== undefined && state.points >= next.pointsNeeded,
          endsAt: new Date(settings.endsAtMs).toISOString(),
        },
      },
    };
  },
});
