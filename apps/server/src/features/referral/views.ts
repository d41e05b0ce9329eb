import type { ReferralFriend, RewardCoins } from '@sweepstack/contracts/referral/rewards';
import { friendsOf, friendsCountedOn, playersProgress, readReferralSettings, referralOfFriend, type ReferralRow } from '@sweepstack/db/referral/repository';
import { readOperatorTimeZone } from '@sweepstack/db/rewards/operator-time-zone';
import type { Database } from '@sweepstack/db/schema';
import { lateCodeAllowed, maskFriend, qualifies, stepsReached, type FriendProgress, type ReferralSettings } from '@sweepstack/domain/referral/rules';
import { operatorDay } from '@sweepstack/domain/shared/operator-day';
import type { Kysely } from 'kysely';
import { referralRewardsView } from './rewards';

/** What the referrer earned for one friend: the steps paid at the amounts in force. */
function earnedFor(row: ReferralRow, s: ReferralSettings): { coins: number; entriesCents: number } {
  const paid = [
    [row.registration_paid_at_ms, s.referrer.registration],
    [row.email_paid_at_ms, s.referrer.emailConfirmation],
    [row.phone_paid_at_ms, s.referrer.phoneConfirmation],
    [row.profile_paid_at_ms, s.referrer.profileComplete],
    [row.qualified_paid_at_ms, s.qualificationReward],
  ] as const;
  return paid.reduce((sum, [at, amount]) => (at === null ? sum : { coins: sum.coins + amount.coins, entriesCents: sum.entriesCents + amount.entriesCents }), { coins: 0, entriesCents: 0 });
}

const view = (a: { coins: number; entriesCents: number }): RewardCoins => ({ coins: a.coins, entries: a.entriesCents / 100 });

/** One friend as the referrer sees them: masked, each step done and whether it was paid. */
export function friendView(row: ReferralRow & { email: string }, progress: FriendProgress | undefined, s: ReferralSettings): ReferralFriend {
  const reached = new Set(progress ? stepsReached(progress) : ['registration']);
  const step = (done: boolean, paidAt: number | null) => ({ done: done || paidAt !== null, paid: paidAt !== null });
  return {
    friend: maskFriend(row.email),
    joinedAt: new Date(Number(row.created_at_ms)).toISOString(),
    status: row.status === 'refused' ? 'refused' : row.qualified_paid_at_ms !== null ? 'qualified' : 'counting',
    refusedReason: row.refused_reason,
    steps: {
      registration: step(true, row.registration_paid_at_ms),
      emailConfirmation: step(reached.has('emailConfirmation'), row.email_paid_at_ms),
      phoneConfirmation: step(reached.has('phoneConfirmation'), row.phone_paid_at_ms),
      profileComplete: step(reached.has('profileComplete'), row.profile_paid_at_ms),
      identityVerified: { done: (progress?.identityVerified ?? false) || row.identity_verified_at_ms !== null, paid: false },
      firstPurchase: { done: (progress?.hasPurchased ?? false) || row.first_purchase_at_ms !== null, paid: false },
      inviteQualification: step(progress ? qualifies(progress) : false, row.qualified_paid_at_ms),
    },
    earned: view(earnedFor(row, s)),
  };
}

/** GET /rest/referral/info/ for a player. */
export async function readReferralInfo(db: Kysely<Database>, player: { id: number; referral_code: string; created_at_ms: number }, publicOrigin: string, nowMs: number) {
  const settings = await readReferralSettings(db);
  const rows = await friendsOf(db, player.id);
  const progress = await playersProgress(db, rows.map((r) => r.friend_player_id));
  const friends = rows.map((row) => friendView(row, progress.get(row.friend_player_id), settings));
  const earned = rows.reduce((sum, row) => {
    const e = earnedFor(row, settings);
    return { coins: sum.coins + e.coins, entriesCents: sum.entriesCents + e.entriesCents };
  }, { coins: 0, entriesCents: 0 });
  const day = operatorDay(nowMs, await readOperatorTimeZone(db));
  const own = (await playersProgress(db, [player.id])).get(player.id);
  const canApplyCode = settings.active && (await referralOfFriend(db, player.id)) === undefined && lateCodeAllowed(Number(player.created_at_ms), nowMs, settings.applyWithinDays, own?.hasPurchased ?? true);
  return {
    isActive: settings.active,
    code: player.referral_code,
    link: `${publicOrigin.replace(/\/$/, '')}/?invited_by=${encodeURIComponent(player.referral_code)}`,
    referralRewards: referralRewardsView(settings),
    dailyCap: settings.dailyCapPerReferrer,
    friendsToday: await friendsCountedOn(db, player.id, day),
    friends,
    earned: view(earned),
    canApplyCode,
  };
}
