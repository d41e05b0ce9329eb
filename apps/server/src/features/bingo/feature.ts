import { ZBingoAccrueRewardRequest, ZBingoAccrueRewardResponse } from '@sweepstack/contracts/bingo/accrue-reward';
import { ZBingoGameDataResponse } from '@sweepstack/contracts/bingo/game-data';
import { ZBingoStatusResponse } from '@sweepstack/contracts/bingo/status';
import { bingoBallsOf, BINGO_TABLES, bingoSettings } from '@sweepstack/db/bingo/repository';
import { writeFeatureStatus } from '@sweepstack/db/repositories/feature-state';
import { currentPrizeTable } from '@sweepstack/db/rewards/repository';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { defineFeature } from '../../platform/define-feature';
import { requirePlayer } from '../../plugins/session';
import { prizeTableOdds } from '../../rewards/views';
import { cardView, ensureCard, FEATURE, isBingoOn, statusOf } from './bingo-state';
import { bingoHandlers } from './handlers';
import { bingoOperatorRoutes } from './operator-routes';
import { playBingoRound } from './play-round';

/** Bingo (docs/features/bingo.md). */
export default defineFeature({
  name: FEATURE,

  routes: async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { deps } = fastify;
    const db = deps.database.db;

    // App init's flag comes from the status row; bingo runs only in themes with the bingo store, so
    // the row follows the theme this deployment runs (and operators' changes, in their transaction).
    fastify.addHook('onReady', async () => {
      const settings = await bingoSettings(db);
      await writeFeatureStatus(db, FEATURE, { isActive: isBingoOn(settings, deps.config.THEME) }, deps.clock.nowMs());
    });

    app.get(
      '/rest/bingo/check-player-status/',
      { schema: { tags: ['bingo'], summary: 'My balls to play, progress to the next ball and when the card ends', querystring: z.strictObject({}), response: { 200: ZBingoStatusResponse } } },
      async (request, reply) => {
        const player = await requirePlayer(request);
        reply.header('cache-control', 'no-store');
        const settings = await bingoSettings(db);
        const nowMs = deps.clock.nowMs();
        return { success: true as const, data: statusOf((await bingoBallsOf(db, [player.id])).get(player.id), settings, isBingoOn(settings, deps.config.THEME), nowMs) };
      },
    );

    app.get(
      '/rest/bingo/bingo-game-data/',
      { schema: { tags: ['bingo'], summary: 'My card of this period (dealt on first look, its seed hash published), balls drawn, lines, and the prize odds', querystring: z.strictObject({}), response: { 200: ZBingoGameDataResponse } } },
      async (request, reply) => {
        const player = await requirePlayer(request);
        reply.header('cache-control', 'no-store');
        const settings = await bingoSettings(db);
        const nowMs = deps.clock.nowMs();
        const card = await ensureCard(db, player.id, settings, nowMs, deps.rng);
        const [line, full] = await Promise.all([currentPrizeTable(db, BINGO_TABLES.line), currentPrizeTable(db, BINGO_TABLES.full)]);
        if (!line || !full) throw new Error('bingo prize tables are not seeded');
        return {
          success: true as const,
          data: { status: statusOf((await bingoBallsOf(db, [player.id])).get(player.id), settings, isBingoOn(settings, deps.config.THEME), nowMs), card: cardView(card, nowMs), tables: { line: prizeTableOdds(line), full: prizeTableOdds(full) } },
        };
      },
    );

    app.post(
      '/rest/bingo/bingo-accrue-reward/',
      { schema: { tags: ['bingo'], summary: 'Play a round: 10 balls of my card, lines and the full card paid by provably fair draws', body: ZBingoAccrueRewardRequest, response: { 200: ZBingoAccrueRewardResponse } } },
      async (request, reply) => {
        const player = await requirePlayer(request);
        reply.header('cache-control', 'no-store');
        return { success: true as const, data: await playBingoRound(deps, player.id, request.body.requestKey) };
      },
    );
  },

  operatorRoutes: bingoOperatorRoutes,

  handlers: bingoHandlers,

  appInit: { key: 'bingo', build: ({ status }) => ({ isActive: status !== null && (status as { isActive?: unknown }).isActive === true }) },

  featureInfo: async ({ db, theme }) => ({ isActive: isBingoOn(await bingoSettings(db), theme) }),
});
