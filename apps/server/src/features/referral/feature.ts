import { AuthContactConfirmed, AuthSignedUp } from '@sweepstack/contracts/auth/events';
import { CashierDepositCompleted } from '@sweepstack/contracts/cashier/events';
import { AppError } from '@sweepstack/contracts/errors';
import { KycProfileSaved, KycVerificationChanged } from '@sweepstack/contracts/kyc/events';
import { ZReferralSettings } from '@sweepstack/contracts/referral/operator';
import {
  REFCODE_COOKIE,
  REFERRER_INFO_COOKIE,
  ZApplyReferralCodeRequest,
  ZApplyReferralCodeResponse,
  ZCheckRewardsQuery,
  ZCheckRewardsResponse,
  ZPlayerRewardsResponse,
  ZReferralInfoResponse,
  type ReferralFeatureInfo,
  type ReferralInvitation,
  type ReferrerInfoCookie,
} from '@sweepstack/contracts/referral/rewards';
import { markPlayerRewardPaid, playerProgress, playerRewardsPaid, readReferralSettings, rememberDevice, writeReferralSettings } from '@sweepstack/db/referral/repository';
import type { Player } from '@sweepstack/db/repositories/players';
import type { Database } from '@sweepstack/db/schema';
import type { ReferralSettings } from '@sweepstack/domain/referral/rules';
import { isZero, lateCodeAllowed, settingsProblems, topUp, type PlayerRewardKind } from '@sweepstack/domain/referral/rules';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-context';
import { defineFeature } from '../../platform/define-feature';
import { requirePlayer } from '../../plugins/session';
import { recordPush } from '../../realtime/push';
import { creditPlayer } from '../../rewards/credit-player';
import { referralPromotions } from './promotion';
import { checkLink, coinsView, linkFriend, onProgress, onSignedUp, reconcileFriend, referralRewardsView, type RewardTools } from './rewards';
import { readReferralInfo } from './views';

const REFUSAL_ERRORS = {
  codeNotFound: 'REFERRAL_CODE_NOT_FOUND',
  selfReferral: 'REFERRAL_SELF_REFERRAL',
  loop: 'REFERRAL_LOOP',
  alreadyInvited: 'REFERRAL_ALREADY_INVITED',
  tooLate: 'REFERRAL_TOO_LATE',
  referrerNotActive: 'REFERRAL_REFERRER_NOT_ACTIVE',
  notActive: 'REFERRAL_NOT_ACTIVE',
} as const;

/** The browser of a player's request, kept for the shared-device rule (docs/features/referral.md). */
async function rememberRequestDevice(deps: AppDeps, player: Player, request: FastifyRequest): Promise<void> {
  const userAgent = request.headers['user-agent'];
  await rememberDevice(deps.database.db, player.id, { ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent : null }, deps.clock.nowMs());
}

// Spec §3 cookies: invited_by, refcode, _refcode, _referrerinfo live 365 days.
const REFERRAL_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * What a referral code gives this visitor at sign-up (features-games-info's `invitation`): the code's
 * reward when it counts for them (a player's code, the program running, and for a signed-in player one
 * they could still apply), else the reward without a code and the reason.
 */
async function invitationOf(db: Kysely<Database>, settings: ReferralSettings, player: Player | null, invitedBy: string, nowMs: number): Promise<ReferralInvitation> {
  const check = await db.transaction().execute((trx) => checkLink({ trx }, settings, player?.id ?? 0, invitedBy));
  let reason = check.refusal;
  if (player && reason === null) {
    const progress = await playerProgress(db, player.id);
    if (!lateCodeAllowed(progress.createdAtMs, nowMs, settings.applyWithinDays, progress.hasPurchased)) reason = 'tooLate';
  }
  return { code: check.code, valid: reason === null, reason, reward: coinsView(reason === null ? settings.registrationReferralReward : settings.registrationRewardWithoutCode) };
}

/**
 * A guest's link checked (docs/features/referral.md, "Cookies"): `_refcode` keeps the code the server
 * found, `_referrerinfo` what the invitation gives at sign-up; a code not found drops both. Readable by
 * the page (not HttpOnly): the sign-up page shows the invitation and sends the code.
 */
function keepCheckedCode(request: FastifyRequest, reply: FastifyReply, secure: boolean, info: ReferrerInfoCookie | null): void {
  if (info === null) {
    for (const name of [REFCODE_COOKIE, REFERRER_INFO_COOKIE]) if (request.cookies[name] !== undefined) reply.clearCookie(name, { path: '/' });
    return;
  }
  const options = { path: '/', sameSite: 'lax', secure, maxAge: REFERRAL_COOKIE_MAX_AGE_S } as const;
  reply.setCookie(REFCODE_COOKIE, info.code, options);
  reply.setCookie(REFERRER_INFO_COOKIE, JSON.stringify(info), options);
}

/**
 * Referral and player rewards (docs/features/referral.md, spec §2, §3, §7): each player's code and
 * link; a friend who signs up with it earns their referrer a reward per step (registration, email,
 * phone, profile) and the main reward once verified and after a first purchase; every player earns
 * their own rewards for confirming email and phone and completing the profile. Paid once each, through
 * the rewards engine, from the events of those steps; abuse rules in the rewards file.
 */
export default defineFeature({
  name: 'referral',

  routes: async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const deps = fastify.deps;
    const { db } = deps.database;

    app.get('/rest/rewards/check-rewards/', { schema: { tags: ['referral'], summary: "A referral code's rewards; 'code not found' when no player has it", querystring: ZCheckRewardsQuery, response: { 200: ZCheckRewardsResponse } } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const settings = await readReferralSettings(db);
      const player = await request.getPlayer();
      if (player) await rememberRequestDevice(deps, player, request);
      const check = await db.transaction().execute((trx) => checkLink({ trx }, settings, player?.id ?? 0, request.query.invited_by));
      if (check.refusal === 'codeNotFound' || check.code === null) {
        if (!player) keepCheckedCode(request, reply, deps.config.secureCookies, null);
        throw new AppError('REFERRAL_CODE_NOT_FOUND');
      }
      // A guest's code that counts is kept for sign-up with what it gives (spec §3 cookies).
      if (!player && check.refusal === null) keepCheckedCode(request, reply, deps.config.secureCookies, { code: check.code, reward: coinsView(settings.registrationReferralReward) });
      let reason = player ? check.refusal : null;
      if (player && reason === null) {
        const progress = await playerProgress(db, player.id);
        if (!lateCodeAllowed(progress.createdAtMs, deps.clock.nowMs(), settings.applyWithinDays, progress.hasPurchased)) reason = 'tooLate';
      }
      return { success: true as const, data: { code: check.code, referralRewards: referralRewardsView(settings), applicable: player ? reason === null : null, reason } };
    });

    app.get('/rest/player/rewards/', { schema: { tags: ['referral'], summary: "The player's rewards for confirming email and phone and completing the profile (spec §3 Rewards)", response: { 200: ZPlayerRewardsResponse } } }, async (request, reply) => {
      const player = await requirePlayer(request);
      reply.header('cache-control', 'no-store');
      const settings = await readReferralSettings(db);
      const paid = await playerRewardsPaid(db, player.id);
      const entry = (kind: PlayerRewardKind) => {
        const row = paid.get(kind);
        const amount = row ? { coins: Number(row.coins), entriesCents: Number(row.entries_cents) } : settings.playerRewards[kind];
        return { available: settings.active && !row && !isZero(amount), completed: row !== undefined, ...coinsView(amount) };
      };
      return { success: true as const, data: { email: entry('email'), profile: entry('profile'), phone: entry('phone') } };
    });

    app.get('/rest/referral/info/', { schema: { tags: ['referral'], summary: "The player's referral code and link, the rewards and each friend's status", response: { 200: ZReferralInfoResponse } } }, async (request, reply) => {
      const player = await requirePlayer(request);
      reply.header('cache-control', 'no-store');
      await rememberRequestDevice(deps, player, request);
      return { success: true as const, data: await readReferralInfo(db, player, deps.config.publicOrigin, deps.clock.nowMs()) };
    });

    app.post('/rest/referral/apply-code/', { schema: { tags: ['referral'], summary: 'Applies a referral code after sign-up (within the window, before a first purchase)', body: ZApplyReferralCodeRequest, response: { 200: ZApplyReferralCodeResponse } } }, async (request) => {
      const player = await requirePlayer(request);
      await rememberRequestDevice(deps, player, request);
      const settings = await readReferralSettings(db);
      const reward = await db.transaction().execute(async (trx) => {
        const tools: RewardTools = {
          trx,
          nowMs: deps.clock.nowMs(),
          creditPlayer: (req) => creditPlayer(trx, req, { clock: deps.clock }),
          recordPush: (req) => recordPush(trx, req, { clock: deps.clock }),
        };
        const check = await checkLink(tools, settings, player.id, request.body.code);
        if (check.refusal) throw new AppError(REFUSAL_ERRORS[check.refusal]);
        const progress = await playerProgress(trx, player.id);
        if (!lateCodeAllowed(progress.createdAtMs, tools.nowMs, settings.applyWithinDays, progress.hasPurchased)) throw new AppError('REFERRAL_TOO_LATE');
        const outcome = await linkFriend(tools, settings, player.id, request.body.code, 'late');
        if (!outcome.linked) throw new AppError(REFUSAL_ERRORS[outcome.refusal]);
        // The friend's reward with a code, less what the sign-up already paid without one.
        const already = (await playerRewardsPaid(trx, player.id)).get('registration');
        const amount = outcome.status === 'counting' ? topUp(settings.registrationReferralReward, { coins: Number(already?.coins ?? 0), entriesCents: Number(already?.entries_cents ?? 0) }) : { coins: 0, entriesCents: 0 };
        if ((await markPlayerRewardPaid(trx, { playerId: player.id, kind: 'lateCode', coins: amount.coins, entriesCents: amount.entriesCents, nowMs: tools.nowMs })) && !isZero(amount)) {
          await tools.creditPlayer({ playerId: player.id, feature: 'referral', prize: { kind: 'coins', amount: amount.coins, amountCents: amount.entriesCents }, idempotencyKey: `player-rewards:${player.id}:lateCode`, notify: true });
        }
        await reconcileFriend(tools, settings, player.id);
        return coinsView(amount);
      });
      return { success: true as const, data: { applied: true as const, reward } };
    });
  },

  handlers: ({ on }) => {
    const tools = (ctx: { trx: RewardTools['trx']; clock: { nowMs(): number }; creditPlayer: RewardTools['creditPlayer']; recordPush: RewardTools['recordPush'] }): RewardTools => ({ trx: ctx.trx, nowMs: ctx.clock.nowMs(), creditPlayer: ctx.creditPlayer, recordPush: ctx.recordPush });
    on(AuthSignedUp, async function linkAndPaySignUp(event, ctx) {
      if (event.playerId !== null) await onSignedUp(tools(ctx), event.playerId, event.payload.referralCode);
    });
    on(AuthContactConfirmed, async function payContactConfirmed(event, ctx) {
      if (event.playerId !== null) await onProgress(tools(ctx), event.playerId);
    });
    on(KycProfileSaved, async function payProfileComplete(event, ctx) {
      if (event.playerId !== null && event.payload.completed) await onProgress(tools(ctx), event.playerId);
    });
    on(KycVerificationChanged, async function checkIdentityVerified(event, ctx) {
      if (event.playerId !== null) await onProgress(tools(ctx), event.playerId);
    });
    on(CashierDepositCompleted, async function checkFirstPurchase(event, ctx) {
      if (event.playerId !== null) await onProgress(tools(ctx), event.playerId);
    });
  },

  // Spec §3 promotion types invite and inviteQualification (docs/features/promotions.md).
  promotions: referralPromotions,

  // Spec §7 features-games-info: the referral program's rewards for the landing and sign-up pages and,
  // with `invited_by`, what that code gives this visitor at sign-up.
  featureInfo: async ({ db, player, invitedBy, nowMs }) => {
    const settings = await readReferralSettings(db);
    const info: ReferralFeatureInfo = { referralRewards: referralRewardsView(settings), invitation: invitedBy === null ? null : await invitationOf(db, settings, player, invitedBy, nowMs) };
    return { isActive: settings.active, info };
  },

  operatorRoutes: (fastify, { audit }) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { database, clock } = fastify.deps;
    const { db } = database;
    const ZSettingsResponse = z.object({ success: z.literal(true), data: ZReferralSettings });

    app.get('/settings/', { config: { operatorRoles: ['support', 'compliance'] }, schema: { tags: ['operator'], response: { 200: ZSettingsResponse } } }, async () => ({ success: true as const, data: await readReferralSettings(db) }));

    // Support reviews refusals (a shared household, two cards sharing brand and last four: docs/features/referral.md).
    const ZReferralsQuery = z.strictObject({ status: z.enum(['counting', 'refused']).optional(), limit: z.coerce.number().int().min(1).max(500).default(100) });
    app.get('/referrals/', { config: { operatorRoles: ['support', 'compliance'] }, schema: { tags: ['operator'], querystring: ZReferralsQuery } }, async (request) => {
      let query = db
        .selectFrom('referrals')
        .innerJoin('players as friend', 'friend.id', 'referrals.friend_player_id')
        .innerJoin('players as referrer', 'referrer.id', 'referrals.referrer_player_id')
        .select(['friend.uuid as friendUuid', 'referrer.uuid as referrerUuid', 'referrals.code', 'referrals.status', 'referrals.refused_reason', 'referrals.source', 'referrals.created_at_ms', 'referrals.qualified_paid_at_ms'])
        .orderBy('referrals.created_at_ms', 'desc')
        .limit(request.query.limit);
      if (request.query.status) query = query.where('referrals.status', '=', request.query.status);
      const rows = await query.execute();
      return {
        success: true as const,
        data: rows.map((r) => ({ friendUuid: r.friendUuid, referrerUuid: r.referrerUuid, code: r.code, status: r.status, refusedReason: r.refused_reason, source: r.source, createdAt: new Date(Number(r.created_at_ms)).toISOString(), qualified: r.qualified_paid_at_ms !== null })),
      };
    });

    app.put('/settings/', { config: { operatorRoles: ['admin'] }, schema: { tags: ['operator'], body: ZReferralSettings, response: { 200: ZSettingsResponse } } }, async (request) => {
      const problems = settingsProblems(request.body);
      if (problems.length > 0) throw new AppError('VALIDATION_FAILED', { fields: { settings: problems.join('; ') } });
      await db.transaction().execute(async (trx) => {
        const before = await readReferralSettings(trx);
        await writeReferralSettings(trx, request.body, clock.nowMs());
        await audit(trx, request, { action: 'settings.update', targetType: 'feature', targetId: 'referral', before, after: request.body });
      });
      return { success: true as const, data: await readReferralSettings(db) };
    });
  },
});
