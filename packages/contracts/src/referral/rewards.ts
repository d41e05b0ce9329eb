import { z } from 'zod';

/**
 * Referral and player rewards (docs/features/referral.md, spec §3 "Rewards" and "Referral rewards").
 * `coins` are Gold Coins; `entries` Fortune Coins with two decimals, like the wallet's.
 */
export const ZRewardCoins = z.object({ coins: z.number().int().nonnegative(), entries: z.number().nonnegative() });
export type RewardCoins = z.infer<typeof ZRewardCoins>;

/** Spec §3 "Referral rewards": the friend's sign-up rewards and, keyed 0, the referrer's per step; plus the main reward. */
export const ZReferralRewards = z.object({
  registrationReferralReward: ZRewardCoins,
  registrationRewardWithoutCode: ZRewardCoins,
  0: z.object({ registration: ZRewardCoins, emailConfirmation: ZRewardCoins, phoneConfirmation: ZRewardCoins, profileComplete: ZRewardCoins }),
  /** The referrer's main reward once the friend passed the identity check and made a first purchase (inviteQualification). */
  inviteQualification: ZRewardCoins,
});
export type ReferralRewards = z.infer<typeof ZReferralRewards>;

/** GET /rest/rewards/check-rewards/?invited_by= */
export const ZCheckRewardsQuery = z.strictObject({ invited_by: z.string().max(100) });
export const ZCheckRewardsResponse = z.object({
  success: z.literal(true),
  data: z.object({
    code: z.string(),
    referralRewards: ZReferralRewards,
    /** For a signed-in player: whether this code can still be applied to them, and if not why. */
    applicable: z.boolean().nullable(),
    reason: z.enum(['selfReferral', 'loop', 'alreadyInvited', 'tooLate', 'referrerNotActive', 'notActive']).nullable(),
  }),
});
export type CheckRewardsResponse = z.infer<typeof ZCheckRewardsResponse>;

/** Why a referral code does not count for this visitor (check-rewards' reasons, and `codeNotFound`). */
export const ZInvitationRefusal = z.enum(['codeNotFound', 'selfReferral', 'loop', 'alreadyInvited', 'tooLate', 'referrerNotActive', 'notActive']);

/**
 * `featuresInfo.referral.invitation` of GET /rest/features-games-info/info/?invited_by= (spec §7): what
 * the code of the page's link means for this visitor. `reward` is what they get at sign-up (the friend's
 * reward with a code that counts, else the reward without one).
 */
export const ZReferralInvitation = z.object({
  /** The code as the server knows it (upper-case); null when the query is not a code at all. */
  code: z.string().nullable(),
  valid: z.boolean(),
  reason: ZInvitationRefusal.nullable(),
  reward: ZRewardCoins,
});
export type ReferralInvitation = z.infer<typeof ZReferralInvitation>;

/** `featuresInfo.referral`: the program's rewards, and the invitation when the call had `invited_by`. */
export const ZReferralFeatureInfo = z.object({ referralRewards: ZReferralRewards, invitation: ZReferralInvitation.nullable() });
export type ReferralFeatureInfo = z.infer<typeof ZReferralFeatureInfo>;

/** Spec §3 cookies: `_refcode` holds a code check-rewards found; `_referrerinfo` this JSON (365 days both). */
export const REFCODE_COOKIE = '_refcode';
export const REFERRER_INFO_COOKIE = '_referrerinfo';
export const ZReferrerInfoCookie = z.object({ code: z.string().max(64), reward: ZRewardCoins });
export type ReferrerInfoCookie = z.infer<typeof ZReferrerInfoCookie>;

/** One of the player's own rewards (spec §3 Rewards). */
export const ZPlayerReward = z.object({ available: z.boolean(), completed: z.boolean(), coins: z.number().int().nonnegative(), entries: z.number().nonnegative() });
/** GET /rest/player/rewards/ */
export const ZPlayerRewardsResponse = z.object({ success: z.literal(true), data: z.object({ email: ZPlayerReward, profile: ZPlayerReward, phone: ZPlayerReward }) });
export type PlayerRewardsResponse = z.infer<typeof ZPlayerRewardsResponse>;

export const ZFriendStep = z.object({ done: z.boolean(), paid: z.boolean() });
/** One friend as the referrer sees them (masked). */
export const ZReferralFriend = z.object({
  friend: z.string(),
  joinedAt: z.string(),
  /** counting: steps pay as they happen; qualified: the main reward was paid; refused: an abuse rule stopped it. */
  status: z.enum(['counting', 'qualified', 'refused']),
  refusedReason: z.enum(['sameDevice', 'sameCard', 'dailyCap']).nullable(),
  steps: z.object({
    registration: ZFriendStep,
    emailConfirmation: ZFriendStep,
    phoneConfirmation: ZFriendStep,
    profileComplete: ZFriendStep,
    identityVerified: ZFriendStep,
    firstPurchase: ZFriendStep,
    inviteQualification: ZFriendStep,
  }),
  earned: ZRewardCoins,
});
export type ReferralFriend = z.infer<typeof ZReferralFriend>;

/** GET /rest/referral/info/: the player's code and link, the rewards in force and their friends. */
export const ZReferralInfoResponse = z.object({
  success: z.literal(true),
  data: z.object({
    isActive: z.boolean(),
    code: z.string(),
    link: z.string(),
    referralRewards: ZReferralRewards,
    dailyCap: z.number().int().nonnegative(),
    friendsToday: z.number().int().nonnegative(),
    friends: z.array(ZReferralFriend),
    earned: ZRewardCoins,
    /** A code the player may still enter (signed up without one, within the window, before buying). */
    canApplyCode: z.boolean(),
  }),
});
export type ReferralInfoResponse = z.infer<typeof ZReferralInfoResponse>;

/** POST /rest/referral/apply-code/: a code entered after sign-up. */
export const ZApplyReferralCodeRequest = z.strictObject({ code: z.string().max(100) });
export const ZApplyReferralCodeResponse = z.object({ success: z.literal(true), data: z.object({ applied: z.literal(true), reward: ZRewardCoins }) });
