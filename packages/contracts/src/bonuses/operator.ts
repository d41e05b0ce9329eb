import { z } from 'zod';

/** The operator calls of bonus offers, under `/api/operator/bonuses/` (docs/features/bonuses.md). */

const HOURS = z.number().int().min(1).max(720);

export const ZBonusCampaignInput = z.discriminatedUnion('bonusType', [
  z.strictObject({ name: z.string().trim().min(3).max(120), bonusType: z.literal('freeEntries'), amountCents: z.number().int().min(1).max(10_000), claimLifetimeHours: HOURS, active: z.boolean().default(true) }),
  z.strictObject({
    name: z.string().trim().min(3).max(120),
    bonusType: z.literal('freeSpins'),
    gameSlug: z.string().trim().min(1).max(80),
    spinsCount: z.number().int().min(1).max(200),
    betLevel: z.number().int().min(1).max(10),
    spinsCurrency: z.enum(['GC', 'FC']),
    spinsLifetimeHours: HOURS,
    claimLifetimeHours: HOURS,
    active: z.boolean().default(true),
  }),
]);

export const ZBonusCampaign = z.object({
  id: z.number().int(),
  name: z.string(),
  bonusType: z.enum(['freeEntries', 'freeSpins']),
  amountCents: z.number().int().nullable(),
  gameSlug: z.string().nullable(),
  spinsCount: z.number().int().nullable(),
  betLevel: z.number().int().nullable(),
  spinsCurrency: z.enum(['GC', 'FC']).nullable(),
  spinsLifetimeHours: z.number().nullable(),
  claimLifetimeHours: z.number(),
  active: z.boolean(),
  grants: z.object({ pending: z.number().int(), credited: z.number().int(), revoked: z.number().int(), expired: z.number().int() }),
});

export const ZBonusCampaignResponse = z.object({ success: z.literal(true), data: z.object({ campaign: ZBonusCampaign }) });
export const ZBonusCampaignsResponse = z.object({ success: z.literal(true), data: z.object({ campaigns: z.array(ZBonusCampaign) }) });

export const ZBonusCampaignActive = z.strictObject({ active: z.boolean() });

/** POST /campaigns/{id}/grants/: send the campaign's bonus to players, once per player and request key. */
export const ZBonusGrantRequest = z.strictObject({
  playerUuids: z.array(z.uuid()).min(1).max(500),
  /** The operator's request key: a retried send gives each player one message. */
  key: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, '8 to 64 letters, digits, _ or -'),
});

export const ZBonusGrantView = z.object({
  messageId: z.number().int(),
  campaignId: z.number().int(),
  playerId: z.number().int(),
  status: z.enum(['pending', 'credited', 'revoked', 'expired']),
  grantedAt: z.string(),
  expiresAt: z.string(),
  creditedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  expiredAt: z.string().nullable(),
  /** The link the operator's email or push carries (relative to the site). */
  link: z.string(),
});

export const ZBonusGrantResponse = z.object({
  success: z.literal(true),
  data: z.object({
    sent: z.array(ZBonusGrantView.extend({ playerUuid: z.string(), replayed: z.boolean() })),
    /** Players not sent the bonus, with why: `unknownPlayer`, `selfExcluded`, `coolingOff`, `accountNotActive`. */
    refused: z.array(z.object({ playerUuid: z.string(), reason: z.enum(['unknownPlayer', 'selfExcluded', 'coolingOff', 'accountNotActive']) })),
  }),
});

export const ZBonusGrantsResponse = z.object({ success: z.literal(true), data: z.object({ grants: z.array(ZBonusGrantView) }) });
export const ZBonusGrantOneResponse = z.object({ success: z.literal(true), data: z.object({ grant: ZBonusGrantView }) });
