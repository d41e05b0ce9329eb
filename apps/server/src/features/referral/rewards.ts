import type { ReferralRewards, RewardCoins } from '@sweepstack/contracts/referral/rewards';
import {
  ancestorsOf,
  cardsOf,
  countFriendToday,
  devicesOf,
  findReferrerByCode,
  insertReferral,
  markPlayerRewardPaid,
  playerProgress,
  readReferralSettings,
  REFERRAL_FEATURE,
  referralOfFriend,
  refuseReferral,
  rememberDevices,
  stampStep,
  type PlayerProgress,
} from '@sweepstack/db/referral/repository';
import { readOperatorTimeZone } from '@sweepstack/db/rewards/operator-time-zone';
import type { Database } from '@sweepstack/db/schema';
import {
  isZero,
  linkRefusal,
  maskFriend,
  normalizeReferralCode,
  PLAYER_REWARD_KINDS,
  qualifies,
  sharesCard,
  sharesDevice,
  stepsReached,
  type LinkRefusal,
  type ReferralSettings,
  type ReferrerStep,
  type RewardAmount,
} from '@sweepstack/domain/referral/rules';
import { operatorDay } from '@sweepstack/domain/shared/operator-day';
import type { Transaction } from 'kysely';
import type { RecordPushRequest } from '../../realtime/push';
import type { CreditPlayerRequest, CreditPlayerResult } from '../../rewards/credit-player';

/** What paying needs, in one transaction: a handler's context or a route's own (same shape). */
export interface RewardTools {
  trx: Transaction<Database>;
  nowMs: number;
  creditPlayer(request: CreditPlayerRequest): Promise<CreditPlayerResult>;
  recordPush(request: RecordPushRequest): Promise<number>;
}

type PushStep = ReferrerStep | 'inviteQualification' | 'email' | 'phone' | 'profile' | 'signUp';

export const coinsView = (amount: RewardAmount): RewardCoins => ({ coins: amount.coins, entries: amount.entriesCents / 100 });

/** Spec §3 "Referral rewards" from the settings. */
export function referralRewardsView(s: ReferralSettings): ReferralRewards {
  return {
    registrationReferralReward: coinsView(s.registrationReferralReward),
    registrationRewardWithoutCode: coinsView(s.registrationRewardWithoutCode),
    0: {
      registration: coinsView(s.referrer.registration),
      emailConfirmation: coinsView(s.referrer.emailConfirmation),
      phoneConfirmation: coinsView(s.referrer.phoneConfirmation),
      profileComplete: coinsView(s.referrer.profileComplete),
    },
    inviteQualification: coinsView(s.qualificationReward),
  };
}

/**
 * Pays a reward through the rewards engine (ledger keys `<key>:GC`, `<key>:FC`: once per key) with a
 * notice, and records the `referral` push that shows the qualified-reward toast. Nothing for zero.
 */
async function pay(tools: RewardTools, playerId: number, amount: RewardAmount, key: string, push: { action: 'friendReward' | 'playerReward'; step: PushStep; friend: string | null }): Promise<void> {
  if (isZero(amount)) return;
  await tools.creditPlayer({ playerId, feature: REFERRAL_FEATURE, prize: { kind: 'coins', amount: amount.coins, amountCents: amount.entriesCents }, idempotencyKey: key, metadata: { step: push.step }, notify: true });
  await tools.recordPush({ eventType: 'referral.rewarded', playerId, push: { type: 'referral', action: push.action, data: { step: push.step, friend: push.friend, ...coinsView(amount) } }, payload: { step: push.step } });
}

const STEP_COLUMN = {
  registration: 'registration_paid_at_ms',
  emailConfirmation: 'email_paid_at_ms',
  phoneConfirmation: 'phone_paid_at_ms',
  profileComplete: 'profile_paid_at_ms',
} as const;

export type LinkOutcome = { linked: true; status: 'counting' | 'refused' } | { linked: false; refusal: LinkRefusal | 'codeNotFound' | 'notActive' };

/** Whether `code` could make `friendId` a friend (no writes): the checks of sign-up and of a late code. */
export async function checkLink(tools: Pick<RewardTools, 'trx'>, settings: ReferralSettings, friendId: number, code: string | null): Promise<{ refusal: LinkRefusal | 'codeNotFound' | 'notActive' | null; referrerId: number | null; code: string | null }> {
  const normalized = normalizeReferralCode(code);
  if (!normalized) return { refusal: 'codeNotFound', referrerId: null, code: null };
  const referrer = await findReferrerByCode(tools.trx, normalized);
  if (!referrer) return { refusal: 'codeNotFound', referrerId: null, code: normalized };
  if (!settings.active) return { refusal: 'notActive', referrerId: referrer.id, code: normalized };
  const refusal = linkRefusal({
    friendId,
    referrerId: referrer.id,
    referrerAncestors: await ancestorsOf(tools.trx, referrer.id),
    friendHasReferrer: (await referralOfFriend(tools.trx, friendId)) !== undefined,
    referrerActive: referrer.account_status === 'ACTIVE',
  });
  return { refusal, referrerId: referrer.id, code: normalized };
}

/**
 * Links a friend to the code's owner. A friend on a browser the referrer was seen on, or beyond the
 * referrer's daily cap, is linked as refused: shown in the list, never paid for.
 */
export async function linkFriend(tools: RewardTools, settings: ReferralSettings, friendId: number, code: string | null, source: 'signup' | 'late'): Promise<LinkOutcome> {
  const check = await checkLink(tools, settings, friendId, code);
  if (check.refusal || check.referrerId === null || check.code === null) return { linked: false, refusal: check.refusal ?? 'codeNotFound' };
  const referrerId = check.referrerId;
  const day = operatorDay(tools.nowMs, await readOperatorTimeZone(tools.trx));
  if (!(await insertReferral(tools.trx, { friend_player_id: friendId, referrer_player_id: referrerId, code: check.code, day, status: 'counting', refused_reason: null, source, created_at_ms: tools.nowMs }))) {
    return { linked: false, refusal: 'alreadyInvited' };
  }
  await rememberDevices(tools.trx, friendId, tools.nowMs);
  await rememberDevices(tools.trx, referrerId, tools.nowMs);
  if (sharesDevice(await devicesOf(tools.trx, referrerId), await devicesOf(tools.trx, friendId))) {
    await refuseReferral(tools.trx, friendId, 'sameDevice', tools.nowMs);
    return { linked: true, status: 'refused' };
  }
  if (!(await countFriendToday(tools.trx, referrerId, day, settings.dailyCapPerReferrer))) {
    await refuseReferral(tools.trx, friendId, 'dailyCap', tools.nowMs);
    return { linked: true, status: 'refused' };
  }
  return { linked: true, status: 'counting' };
}

/**
 * Pays the referrer for every step the friend reached and was not paid for, and the main reward once
 * the friend is verified and has bought: each once (a guarded stamp per step decides which caller
 * pays, and the ledger key makes a replay pay nothing). The device rule is checked again (the friend
 * may have used the referrer's browser since), and the card rule before the main reward.
 */
export async function reconcileFriend(tools: RewardTools, settings: ReferralSettings, friendId: number): Promise<void> {
  const referral = await referralOfFriend(tools.trx, friendId);
  if (!referral || referral.status !== 'counting' || !settings.active) return;
  const referrerId = referral.referrer_player_id;
  await rememberDevices(tools.trx, friendId, tools.nowMs);
  if (sharesDevice(await devicesOf(tools.trx, referrerId), await devicesOf(tools.trx, friendId))) {
    await refuseReferral(tools.trx, friendId, 'sameDevice', tools.nowMs);
    return;
  }
  const progress = await playerProgress(tools.trx, friendId);
  const friend = maskFriend(progress.email);
  for (const step of stepsReached(progress)) {
    if (await stampStep(tools.trx, friendId, STEP_COLUMN[step], tools.nowMs)) {
      await pay(tools, referrerId, settings.referrer[step], `referral:${friendId}:${step}`, { action: 'friendReward', step, friend });
    }
  }
  if (progress.identityVerified) await stampStep(tools.trx, friendId, 'identity_verified_at_ms', tools.nowMs);
  if (progress.hasPurchased) await stampStep(tools.trx, friendId, 'first_purchase_at_ms', tools.nowMs);
  if (!qualifies(progress)) return;
  if (sharesCard(await cardsOf(tools.trx, referrerId), await cardsOf(tools.trx, friendId))) {
    await refuseReferral(tools.trx, friendId, 'sameCard', tools.nowMs);
    return;
  }
  if (await stampStep(tools.trx, friendId, 'qualified_paid_at_ms', tools.nowMs)) {
    await pay(tools, referrerId, settings.qualificationReward, `referral:${friendId}:inviteQualification`, { action: 'friendReward', step: 'inviteQualification', friend });
  }
}

/** The player's own rewards (spec §3 Rewards): confirming email and phone, completing the profile; once each. */
export async function reconcilePlayerRewards(tools: RewardTools, settings: ReferralSettings, playerId: number, progress?: PlayerProgress): Promise<void> {
  if (!settings.active) return;
  const p = progress ?? (await playerProgress(tools.trx, playerId));
  const done = { email: p.emailConfirmed, phone: p.phoneConfirmed, profile: p.profileComplete };
  for (const kind of PLAYER_REWARD_KINDS) {
    if (!done[kind]) continue;
    const amount = settings.playerRewards[kind];
    if (await markPlayerRewardPaid(tools.trx, { playerId, kind, coins: amount.coins, entriesCents: amount.entriesCents, nowMs: tools.nowMs })) {
      await pay(tools, playerId, amount, `player-rewards:${playerId}:${kind}`, { action: 'playerReward', step: kind, friend: null });
    }
  }
}

/** A new account: link it to the code it came with, pay its sign-up reward (with or without a code) and any steps already done. */
export async function onSignedUp(tools: RewardTools, playerId: number, code: string | null): Promise<void> {
  const settings = await readReferralSettings(tools.trx);
  if (!settings.active) return;
  const outcome = code ? await linkFriend(tools, settings, playerId, code, 'signup') : null;
  const amount = outcome?.linked && outcome.status === 'counting' ? settings.registrationReferralReward : settings.registrationRewardWithoutCode;
  if (await markPlayerRewardPaid(tools.trx, { playerId, kind: 'registration', coins: amount.coins, entriesCents: amount.entriesCents, nowMs: tools.nowMs })) {
    await pay(tools, playerId, amount, `player-rewards:${playerId}:registration`, { action: 'playerReward', step: 'signUp', friend: null });
  }
  await reconcileFriend(tools, settings, playerId);
  await reconcilePlayerRewards(tools, settings, playerId);
}

/** Something of the player changed (a contact confirmed, the profile saved, identity checked, a purchase). */
export async function onProgress(tools: RewardTools, playerId: number): Promise<void> {
  const settings = await readReferralSettings(tools.trx);
  await reconcilePlayerRewards(tools, settings, playerId);
  await reconcileFriend(tools, settings, playerId);
}
