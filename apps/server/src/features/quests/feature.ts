import { ZQuestResponse, ZQuestsPageResponse, ZQuestsQuery } from '@sweepstack/contracts/quests/quest';
import { hasCapability } from '@sweepstack/contracts/themes';
import { nextQuest, runningQuest } from '@sweepstack/db/quests/repository';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { defineFeature } from '../../platform/define-feature';
import { questHandlers } from './handlers';
import { questOperatorRoutes } from './operator-routes';
import { questPromotions } from './promotion';
import { FEATURE, questsData } from './views';

/** Quests (docs/features/quests.md). */
export default defineFeature({
  name: FEATURE,

  routes: async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { deps } = fastify;
    const answer = async (request: { getPlayer(): Promise<{ id: number } | null | undefined>; query: { useOptimizedGames?: '0' | '1' } }) => {
      const player = await request.getPlayer();
      const nowMs = deps.clock.nowMs();
      const db = deps.database.db;
      const [running, next] = await Promise.all([runningQuest(db, nowMs), nextQuest(db, nowMs)]);
      return questsData(db, { playerId: player?.id ?? null, nowMs, withGames: request.query.useOptimizedGames !== '1', running, next });
    };

    app.get(
      '/rest/quest/',
      { schema: { tags: ['quests'], summary: 'The running quest with my days and tasks, and the next quest (useOptimizedGames=1: game ids only)', querystring: ZQuestsQuery, response: { 200: ZQuestResponse } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { success: true as const, data: await answer(request) };
      },
    );

    app.get(
      '/rest/page/quests/',
      { schema: { tags: ['quests'], summary: 'The quests page payload: playerData, quest, futureQuest', querystring: ZQuestsQuery, response: { 200: ZQuestsPageResponse } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { success: true as const, payload: await answer(request) };
      },
    );
  },

  operatorRoutes: questOperatorRoutes,

  handlers: questHandlers,

  promotions: questPromotions,

  featureInfo: async ({ db, theme, nowMs }) => {
    const running = await runningQuest(db, nowMs);
    return { isActive: running !== null, info: { isActive: running !== null, type: running?.type ?? null, slug: running?.slug ?? null, endsAt: running ? new Date(running.endsAtMs).toISOString() : null, useOptimizedGames: hasCapability(theme, 'questOptimisation') } };
  },
});
