import { AppError } from '@sweepstack/contracts/errors';
import {
  ZBonusCampaignActive,
  ZBonusCampaignInput,
  ZBonusCampaignResponse,
  ZBonusCampaignsResponse,
  ZBonusGrantOneResponse,
  ZBonusGrantRequest,
  ZBonusGrantResponse,
  ZBonusGrantsResponse,
} from '@sweepstack/contracts/bonuses/operator';
import {
  campaignById,
  grantById,
  grantCountsByCampaign,
  insertCampaign,
  insertGrant,
  listCampaigns,
  playerGrants,
  revokeGrant,
  setCampaignActive,
  type BonusCampaignRow,
  type BonusGrantRow,
} from '@sweepstack/db/bonuses/repository';
import { findPlayerByUuid } from '@sweepstack/db/repositories/players';
import type { Database } from '@sweepstack/db/schema';
import { campaignProblems, HOUR_MS, type BonusCampaignDefinition, type BonusGrantStatus } from '@sweepstack/domain/bonuses/rules';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import type { FeatureDefinition } from '../../platform/define-feature';

const READERS = ['support', 'compliance'] as const;
const SENDERS = ['compliance'] as const;
const ZId = z.strictObject({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const ZUuid = z.strictObject({ uuid: z.uuid() });

const iso = (ms: number | string | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** The address a grant's email or push links to: any page of the site with the message id (spec §2). */
export const bonusLink = (messageId: number) => `/?freeEntriesBonus=${messageId}`;

function grantView(g: BonusGrantRow) {
  return {
    messageId: Number(g.id),
    campaignId: g.campaign_id,
    playerId: g.player_id,
    status: g.status,
    grantedAt: iso(g.granted_at_ms)!,
    expiresAt: iso(g.expires_at_ms)!,
    creditedAt: iso(g.credited_at_ms),
    revokedAt: iso(g.revoked_at_ms),
    expiredAt: iso(g.expired_at_ms),
    link: bonusLink(Number(g.id)),
  };
}

async function campaignView(db: Kysely<Database> | Transaction<Database>, c: BonusCampaignRow, counts?: Map<number, Record<BonusGrantStatus, number>>) {
  const game = c.game_id === null ? undefined : await db.selectFrom('games').select('slug').where('id', '=', c.game_id).executeTakeFirst();
  return {
    id: c.id,
    name: c.name,
    bonusType: c.bonus_type,
    amountCents: c.amount_cents,
    gameSlug: game?.slug ?? null,
    spinsCount: c.spins_count,
    betLevel: c.bet_level,
    spinsCurrency: c.spins_currency,
    spinsLifetimeHours: c.spins_lifetime_ms === null ? null : Number(c.spins_lifetime_ms) / HOUR_MS,
    claimLifetimeHours: Number(c.claim_lifetime_ms) / HOUR_MS,
    active: c.active === 1,
    grants: (counts ?? (await grantCountsByCampaign(db))).get(c.id) ?? { pending: 0, credited: 0, revoked: 0, expired: 0 },
  };
}

/**
 * Bonus offers' operator calls under /api/operator/bonuses/ (docs/features/bonuses.md): campaigns
 * (admin creates and switches them), sending a campaign's bonus to players as numbered messages
 * (compliance; once per player and request key; self-excluded and cooling-off players are refused),
 * a player's messages, and withdrawing a pending one. Every change is audited in its transaction.
 */
export const bonusOperatorRoutes: NonNullable<FeatureDefinition['operatorRoutes']> = (fastify, { audit, operatorOf }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database, clock } = fastify.deps;
  const { db } = database;

  app.get('/campaigns/', { config: { operatorRoles: READERS }, schema: { tags: ['operator'], summary: 'Every bonus campaign with its grants by status', response: { 200: ZBonusCampaignsResponse } } }, async () => {
    const counts = await grantCountsByCampaign(db);
    const campaigns = await Promise.all((await listCampaigns(db)).map((c) => campaignView(db, c, counts)));
    return { success: true as const, data: { campaigns } };
  });

  app.post('/campaigns/', { config: { operatorRoles: ['admin'] }, schema: { tags: ['operator'], summary: 'A new bonus campaign (free entries or free spins)', body: ZBonusCampaignInput, response: { 200: ZBonusCampaignResponse } } }, async (request) => {
    const body = request.body;
    const claimLifetimeMs = body.claimLifetimeHours * HOUR_MS;
    let definition: BonusCampaignDefinition;
    if (body.bonusType === 'freeEntries') {
      definition = { bonusType: 'freeEntries', amountCents: body.amountCents, claimLifetimeMs };
    } else {
      const game = await db.selectFrom('games').select(['id', 'is_active']).where('slug', '=', body.gameSlug).executeTakeFirst();
      if (!game || game.is_active !== 1) throw new AppError('VALIDATION_FAILED', { fields: { gameSlug: 'No active game has this slug' } });
      definition = { bonusType: 'freeSpins', gameId: game.id, spinsCount: body.spinsCount, betLevel: body.betLevel, spinsCurrency: body.spinsCurrency, spinsLifetimeMs: body.spinsLifetimeHours * HOUR_MS, claimLifetimeMs };
    }
    const problems = campaignProblems(definition);
    if (problems.length > 0) throw new AppError('VALIDATION_FAILED', { fields: { campaign: problems.join('; ') } });
    const campaign = await db.transaction().execute(async (trx) => {
      const row = await insertCampaign(trx, { name: body.name, active: body.active, definition, nowMs: clock.nowMs() });
      await audit(trx, request, { action: 'campaign.create', targetType: 'bonus_campaign', targetId: row.id, after: body });
      return campaignView(trx, row);
    });
    return { success: true as const, data: { campaign } };
  });

  app.put('/campaigns/:id/active/', { config: { operatorRoles: ['admin'] }, schema: { tags: ['operator'], summary: 'Switch a campaign on or off (off: its pending grants cannot be claimed)', params: ZId, body: ZBonusCampaignActive, response: { 200: ZBonusCampaignResponse } } }, async (request) => {
    const campaign = await db.transaction().execute(async (trx) => {
      const before = await campaignById(trx, request.params.id);
      if (!before) throw new AppError('BONUS_CAMPAIGN_NOT_FOUND');
      await setCampaignActive(trx, before.id, request.body.active, clock.nowMs());
      await audit(trx, request, { action: 'campaign.active', targetType: 'bonus_campaign', targetId: before.id, before: { active: before.active === 1 }, after: request.body });
      return campaignView(trx, (await campaignById(trx, before.id))!);
    });
    return { success: true as const, data: { campaign } };
  });

  app.post('/campaigns/:id/grants/', { config: { operatorRoles: SENDERS }, schema: { tags: ['operator'], summary: "Send a campaign's bonus to players (one numbered message each, once per key)", params: ZId, body: ZBonusGrantRequest, response: { 200: ZBonusGrantResponse } } }, async (request) => {
    const operator = operatorOf(request);
    const { playerUuids, key } = request.body;
    return db.transaction().execute(async (trx) => {
      const campaign = await campaignById(trx, request.params.id);
      if (!campaign) throw new AppError('BONUS_CAMPAIGN_NOT_FOUND');
      if (campaign.active !== 1) throw new AppError('BONUS_CAMPAIGN_INACTIVE');
      const nowMs = clock.nowMs();
      const sent = [];
      const refused: { playerUuid: string; reason: 'unknownPlayer' | 'selfExcluded' | 'coolingOff' | 'accountNotActive' }[] = [];
      for (const playerUuid of new Set(playerUuids)) {
        const player = await findPlayerByUuid(trx, playerUuid);
        // Responsible play: no bonus is sent to a player on a break (nor to a closed or blocked account).
        const reason: (typeof refused)[number]['reason'] | null = !player ? 'unknownPlayer' : player.account_status === 'SELF_EXCLUDED' ? 'selfExcluded' : player.account_status === 'COOLING_OFF' ? 'coolingOff' : player.account_status !== 'ACTIVE' ? 'accountNotActive' : null;
        if (!player || reason) {
          refused.push({ playerUuid, reason: reason ?? 'unknownPlayer' });
          continue;
        }
        const { grant, replayed } = await insertGrant(trx, { campaignId: campaign.id, playerId: player.id, grantKey: `${campaign.id}:${player.id}:${key}`, nowMs, expiresAtMs: nowMs + Number(campaign.claim_lifetime_ms), grantedBy: operator.id });
        sent.push({ ...grantView(grant), playerUuid, replayed });
      }
      const fresh = sent.filter((s) => !s.replayed);
      if (fresh.length > 0) await audit(trx, request, { action: 'grants.send', targetType: 'bonus_campaign', targetId: campaign.id, after: { key, messageIds: fresh.map((s) => s.messageId), refused } });
      return { success: true as const, data: { sent, refused } };
    });
  });

  app.get('/players/:uuid/grants/', { config: { operatorRoles: READERS }, schema: { tags: ['operator'], summary: "A player's latest bonus messages, whatever their status", params: ZUuid, response: { 200: ZBonusGrantsResponse } } }, async (request) => {
    const player = await findPlayerByUuid(db, request.params.uuid);
    if (!player) throw new AppError('VALIDATION_FAILED', { fields: { uuid: 'No such player' } });
    return { success: true as const, data: { grants: (await playerGrants(db, player.id)).map(grantView) } };
  });

  app.post('/grants/:id/revoke/', { config: { operatorRoles: SENDERS }, schema: { tags: ['operator'], summary: 'Withdraw a pending bonus message (a credited one stays credited)', params: ZId, response: { 200: ZBonusGrantOneResponse } } }, async (request) => {
    const grant = await db.transaction().execute(async (trx) => {
      const before = await grantById(trx, request.params.id);
      if (!before) throw new AppError('BONUS_NOT_FOUND');
      if (!(await revokeGrant(trx, before.id, clock.nowMs()))) throw new AppError('BONUS_GRANT_NOT_PENDING');
      await audit(trx, request, { action: 'grant.revoke', targetType: 'bonus_grant', targetId: before.id, before: { status: before.status }, after: { status: 'revoked' } });
      return (await grantById(trx, before.id))!;
    });
    return { success: true as const, data: { grant: grantView(grant) } };
  });
};
