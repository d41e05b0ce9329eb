import { ZScratchCardsGetResponse } from '@sweepstack/contracts/scratch-cards/get';
import { ZScratchRequest, ZScratchResponse } from '@sweepstack/contracts/scratch-cards/scratch';
import { writeFeatureStatus } from '@sweepstack/db/repositories/feature-state';
import { scratchCardSettings } from '@sweepstack/db/scratch-cards/repository';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { defineFeature } from '../../platform/define-feature';
import { requirePlayer } from '../../plugins/session';
import { FEATURE, scratchCardsFeatureStatus, scratchCardsInfo, scratchCard, takeFreeCard, type ScratchCardsFeatureStatus, type ScratchCardsPlayerState } from './cards';
import { scratchCardHandlers } from './handlers';
import { scratchCardOperatorRoutes } from './operator-routes';

function running(status: unknown, nowMs: number): ScratchCardsFeatureStatus | null {
  const s = status as ScratchCardsFeatureStatus | null;
  return s !== null && s.isActive === true && (s.finishedAt === null || nowMs < s.finishedAt) ? s : null;
}

/** Scratch cards (docs/features/scratch-cards.md). */
export default defineFeature({
  name: FEATURE,

  // Spec §3 scratchCardLottery.isActive: off until the status row says on, and off from the finish time on.
  appInit: { key: 'scratchCardLottery', build: ({ status, nowMs }) => ({ isActive: running(status, nowMs) !== null }) },

  // The web's finish timer (spec §4: within 86,400 s it turns the flag off, and magic boxes with it)
  // and the sidebar's badge: the next free card (never taken: now).
  times: ({ status, state, signedIn, nowMs }) => {
    const s = running(status, nowMs);
    if (s === null) return undefined;
    const availableAtMs = signedIn ? ((state as ScratchCardsPlayerState | null)?.nextFreeAtMs ?? 0) : undefined;
    return { ...(s.finishedAt !== null ? { finishesAtMs: s.finishedAt } : {}), ...(availableAtMs !== undefined ? { availableAtMs } : {}) };
  },

  routes: async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { deps } = fastify;

    // The status row follows the rules as seeded or saved (operators' changes write it in their transaction).
    fastify.addHook('onReady', async () => {
      const nowMs = deps.clock.nowMs();
      await writeFeatureStatus(deps.database.db, FEATURE, scratchCardsFeatureStatus(await scratchCardSettings(deps.database.db), nowMs), nowMs);
    });

    app.get(
      '/rest/scratch-card-lottery/get/',
      { schema: { tags: ['scratch-cards'], summary: 'The card\'s published odds and (signed in) my cards; the first call of an operator day issues its free card', querystring: z.strictObject({}), response: { 200: ZScratchCardsGetResponse } } },
      async (request, reply) => {
        const player = await request.getPlayer();
        reply.header('cache-control', 'no-store');
        if (player) await takeFreeCard(deps, player);
        return { success: true as const, data: await scratchCardsInfo(deps.database.db, player?.id ?? null, deps.clock.nowMs()) };
      },
    );

    app.post(
      '/rest/scratch-card-lottery/scratch/',
      { schema: { tags: ['scratch-cards'], summary: 'Scratch a card: reveals the outcome drawn at issue and credits it, once', body: ZScratchRequest, response: { 200: ZScratchResponse } } },
      async (request, reply) => {
        const player = await requirePlayer(request);
        reply.header('cache-control', 'no-store');
        return { success: true as const, data: await scratchCard(deps, player.id, request.body) };
      },
    );
  },

  operatorRoutes: scratchCardOperatorRoutes,

  handlers: scratchCardHandlers,
});
