import { AppError } from '@sweepstack/contracts/errors';
import { ZPrize } from '@sweepstack/contracts/rewards/prize';
import { currentPrizeTables } from '@sweepstack/db/rewards/repository';
import { findPlayerByUuid } from '@sweepstack/db/repositories/players';
import { parsePrize } from '@sweepstack/domain/rewards/prize';
import { DomainError } from '@sweepstack/domain/shared/domain-error';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { defineFeature } from '../../platform/define-feature';
import { creditPlayer } from '../../rewards/credit-player';
import { prizeTableOdds } from '../../rewards/views';
import { freeSpinPromotions } from './promotion';

const ZGrantBody = z.strictObject({
  playerUuid: z.uuid(),
  prize: ZPrize,
  reason: z.string().trim().min(3, 'At least 3 characters').max(500),
  /** The operator's request key: a retried grant pays once. */
  key: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, '8 to 64 letters, digits, _ or -'),
});

/**
 * The rewards engine's operator calls (docs/rewards.md), under /api/operator/rewards/: every prize
 * table with its odds, and a goodwill grant to one player (coins or free spins, through creditPlayer,
 * with a notice), audited. Each feature edits its own tables and budgets through its own calls.
 */
export default defineFeature({
  name: 'rewards',
  promotions: freeSpinPromotions,
  operatorRoutes: (fastify, { audit, operatorOf }) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { deps } = fastify;
    const db = deps.database.db;

    app.get('/tables/', { config: { operatorRoles: ['support', 'compliance'] }, schema: { tags: ['operator'], summary: 'Every prize table (current versions) with its published odds' } }, async () => ({
      success: true as const,
      data: { tables: (await currentPrizeTables(db)).map(prizeTableOdds) },
    }));

    app.post('/grants/', { config: { operatorRoles: ['compliance'] }, schema: { tags: ['operator'], summary: 'Grant a player coins or free spins (goodwill), once per key, with a notice', body: ZGrantBody } }, async (request) => {
      const body = request.body;
      let prize;
      try {
        prize = parsePrize(body.prize);
      } catch (error) {
        if (error instanceof DomainError) throw new AppError('VALIDATION_FAILED', { fields: { prize: error.message } });
        throw error;
      }
      if (prize.kind === 'multiplier' || prize.kind === 'lootbox' || prize.kind === 'nothing') throw new AppError('VALIDATION_FAILED', { fields: { prize: 'Grant coins or free spins' } });
      const player = await findPlayerByUuid(db, body.playerUuid);
      if (!player) throw new AppError('VALIDATION_FAILED', { fields: { playerUuid: 'No such player' } });
      const operator = operatorOf(request);
      const result = await db.transaction().execute(async (trx) => {
        const paid = await creditPlayer(trx, { playerId: player.id, feature: 'operator-grant', prize, idempotencyKey: `operator-grant:${player.id}:${body.key}`, metadata: { operatorId: operator.id, reason: body.reason }, notify: true }, { clock: deps.clock });
        if (!paid.replayed) await audit(trx, request, { action: 'grant', targetType: 'player', targetId: player.id, after: { prize, reason: body.reason, key: body.key } });
        return paid;
      });
      return { success: true as const, data: { replayed: result.replayed, ...(result.freeSpinGrantId === undefined ? {} : { spinsId: result.freeSpinGrantId }) } };
    });
  },
});
