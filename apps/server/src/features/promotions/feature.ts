import { AppError } from '@sweepstack/contracts/errors';
import { ZPromotionPlacements, ZPromotionPlacementsResponse } from '@sweepstack/contracts/promotions/operator';
import { ZPromotionsPageQuery, ZPromotionsPageResponse } from '@sweepstack/contracts/promotions/promotion';
import type { VerificationPromotionData } from '@sweepstack/contracts/promotions/cards/verification';
import { writePromotionPlacements } from '@sweepstack/db/promotions/repository';
import { duplicateTypes } from '@sweepstack/domain/promotions/placements';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { defineFeature } from '../../platform/define-feature';
import { requirePlayer } from '../../plugins/session';
import { collectPromotions, placementsOf } from './collect';

/**
 * Promotions (docs/features/promotions.md, spec §3 "Promotion", §7 GET /rest/page/promotions/): the
 * page gathers the cards every feature contributes (`promotions` in its feature.ts) and places them
 * by the operator's data; the home page shows the home ones. This feature answers the verification
 * card itself (identity checks are not a feature module).
 */
export default defineFeature({
  name: 'promotions',

  routes: async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { deps } = fastify;

    app.get(
      '/rest/page/promotions/',
      { schema: { tags: ['promotions'], summary: "The player's promotion cards: those to act on now, and those available soon (players only)", querystring: ZPromotionsPageQuery, response: { 200: ZPromotionsPageResponse } } },
      async (request, reply) => {
        // Spec §2: promotions need sign-in (the page sends a guest to sign-up).
        const player = await requirePlayer(request);
        reply.header('cache-control', 'private, no-store');
        const payload = await collectPromotions({ db: deps.database.db, features: fastify.features.list, player, locale: request.query.locale ?? 'en', nowMs: deps.clock.nowMs(), log: request.log }, request.query.page ?? 'promo');
        return { success: true as const, payload };
      },
    );
  },

  operatorRoutes: (fastify, { audit }) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { database, clock } = fastify.deps;
    const { db } = database;

    app.get('/placements/', { config: { operatorRoles: ['support', 'compliance'] }, schema: { tags: ['operator'], summary: 'Each promotion type in page order: shown at all, on the home page, on the promotions page, its how-it-works text', response: { 200: ZPromotionPlacementsResponse } } }, async () => ({
      success: true as const,
      data: { placements: await placementsOf(db) },
    }));

    app.put('/placements/', { config: { operatorRoles: ['admin'] }, schema: { tags: ['operator'], summary: 'Sets the order and placement of promotion types (a type left out keeps its default, after the listed ones)', body: ZPromotionPlacements, response: { 200: ZPromotionPlacementsResponse } } }, async (request) => {
      const twice = duplicateTypes(request.body.placements);
      if (twice.length > 0) throw new AppError('PROMOTIONS_DUPLICATE_TYPE', { fields: { placements: twice.join(', ') } });
      await db.transaction().execute(async (trx) => {
        const before = await placementsOf(trx);
        await writePromotionPlacements(trx, request.body.placements, clock.nowMs());
        await audit(trx, request, { action: 'placements.update', targetType: 'feature', targetId: 'promotions', before, after: request.body.placements });
      });
      return { success: true as const, data: { placements: await placementsOf(db) } };
    });
  },

  // The identity check's card: until the player is verified (a check that failed says so; support can help).
  promotions: async ({ db, player }) => {
    const profile = await db.selectFrom('player_profiles').select('verification_status').where('player_id', '=', player.id).executeTakeFirst();
    const status = profile?.verification_status ?? null;
    if (status === 'verified') return [];
    const data: VerificationPromotionData = { status: status ?? 'none' };
    return [{ type: 'verification', data, link: { to: '/account/#verification-title' } }];
  },
});
