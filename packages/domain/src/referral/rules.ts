/**
 * Referral and player rewards (docs/features/referral.md). Pure rules: the operator's settings, who
 * may refer whom (self-referral, loops), the abuse checks on shared devices and cards, the friend's
 * steps and how a friend is shown to the referrer.
 */

/** Coins of one reward: Gold Coins (whole) and Fortune Coins (hundredths). */
export interface RewardAmount {
  coins: number;
  entriesCents: number;
}

/** The referrer's rewards for a friend's steps (spec §3 "Referral rewards", the entry keyed 0). */
export interface ReferrerStepRewards {
  registration: RewardAmount;
  emailConfirmation: RewardAmount;
  phoneConfirmation: RewardAmount;
  profileComplete: RewardAmount;
}

export interface ReferralSettings {
  active: boolean;
  /** The friend's reward for signing up with a valid code (on top of the sign-up gift). */
  registrationReferralReward: RewardAmount;
  /** A new player's reward for signing up without a code (on top of the sign-up gift). */
  registrationRewardWithoutCode: RewardAmount;
  /** The referrer's reward per friend step. */
  referrer: ReferrerStepRewards;
  /** The referrer's main reward: the friend passed the identity check and made a first purchase (inviteQualification). */
  qualificationReward: RewardAmount;
  /** Friends a referrer can bring per operator day; later ones that day earn the referrer nothing. */
  dailyCapPerReferrer: number;
  /** A player who signed up without a code may enter one within this many days (and before buying). */
  applyWithinDays: number;
  /** The player's own rewards (spec §3 "Rewards"), once each. */
  playerRewards: { email: RewardAmount; phone: RewardAmount; profile: RewardAmount };
}

const gc = (coins: number, entriesCents = 0): RewardAmount => ({ coins, entriesCents });

export const DEFAULT_REFERRAL_SETTINGS: ReferralSettings = {
  active: true,
  registrationReferralReward: gc(5_000, 100),
  registrationRewardWithoutCode: gc(0),
  referrer: { registration: gc(1_000), emailConfirmation: gc(1_000), phoneConfirmation: gc(2_000), profileComplete: gc(2_000) },
  qualificationReward: gc(20_000, 1_000),
  dailyCapPerReferrer: 10,
  applyWithinDays: 7,
  playerRewards: { email: gc(1_000), phone: gc(2_000), profile: gc(3_000) },
};

/** The most one reward may be: 1,000,000 GC and 500.00 FC (a referral is never a jackpot). */
export const REFERRAL_LIMITS = { coins: 1_000_000, entriesCents: 50_000, dailyCap: 1_000, applyWithinDays: 90 } as const;

function amountProblems(name: string, amount: RewardAmount | undefined): string[] {
  if (!amount || typeof amount !== 'object') return [`${name} is missing`];
  const out: string[] = [];
  if (!Number.isSafeInteger(amount.coins) || amount.coins < 0 || amount.coins > REFERRAL_LIMITS.coins) out.push(`${name}.coins must be a whole number from 0 to ${REFERRAL_LIMITS.coins}`);
  if (!Number.isSafeInteger(amount.entriesCents) || amount.entriesCents < 0 || amount.entriesCents > REFERRAL_LIMITS.entriesCents) out.push(`${name}.entriesCents must be a whole number from 0 to ${REFERRAL_LIMITS.entriesCents}`);
  return out;
}

/** What is wrong with settings (empty when they can be saved). */
export function settingsProblems(s: ReferralSettings): string[] {
  const out = [
    ...amountProblems('registrationReferralReward', s.registrationReferralReward),
    ...amountProblems('registrationRewardWithoutCode', s.registrationRewardWithoutCode),
    ...amountProblems('qualificationReward', s.qualificationReward),
    ...(['registration', 'emailConfirmation', 'phoneConfirmation', 'profileComplete'] as const).flatMap((k) => amountProblems(`referrer.${k}`, s.referrer?.[k])),
    ...(['email', 'phone', 'profile'] as const).flatMap((k) => amountProblems(`playerRewards.${k}`, s.playerRewards?.[k])),
  ];
  if (typeof s.active !== 'boolean') out.push('active must be true or false');
  if (!Number.isSafeInteger(s.dailyCapPerReferrer) || s.dailyCapPerReferrer < 0 || s.dailyCapPerReferrer > REFERRAL_LIMITS.dailyCap) out.push(`dailyCapPerReferrer must be from 0 to ${REFERRAL_LIMITS.dailyCap}`);
  if (!Number.isSafeInteger(s.applyWithinDays) || s.applyWithinDays < 0 || s.applyWithinDays > REFERRAL_LIMITS.applyWithinDays) out.push(`applyWithinDays must be from 0 to ${REFERRAL_LIMITS.applyWithinDays}`);
  return out;
}

export function isZero(amount: RewardAmount): boolean {
  return amount.coins === 0 && amount.entriesCents === 0;
}

/** What a reward pays beyond what was already paid for the same purpose (never negative). */
export function topUp(amount: RewardAmount, alreadyPaid: RewardAmount): RewardAmount {
  return { coins: Math.max(0, amount.coins - alreadyPaid.coins), entriesCents: Math.max(0, amount.entriesCents - alreadyPaid.entriesCents) };
}

/** Codes are shown upper-case and compared upper-case; anything else is not a code. */
export const REFERRAL_CODE_FORMAT = /^[A-Za-z0-9_-]{1,64}$/;
export function normalizeReferralCode(raw: string | null | undefined): string | null {
  const code = raw?.trim();
  return code && REFERRAL_CODE_FORMAT.test(code) ? code.toUpperCase() : null;
}

/** Why a code cannot make `friendId` a friend of `referrerId`, or null when it can. */
export type LinkRefusal = 'selfReferral' | 'loop' | 'alreadyInvited' | 'tooLate' | 'referrerNotActive';

export interface LinkInput {
  friendId: number;
  referrerId: number;
  /** The referrer's own referrers, nearest first (who invited the referrer, who invited them…). */
  referrerAncestors: readonly number[];
  /** The friend already has a referrer. */
  friendHasReferrer: boolean;
  referrerActive: boolean;
}

/**
 * Self-referral and loops are refused: a player cannot bring themselves, nor anyone up their own
 * chain (A invites B: B's code cannot be applied to A, nor C's when B invited C).
 */
export function linkRefusal(input: LinkInput): LinkRefusal | null {
  if (input.friendId === input.referrerId) return 'selfReferral';
  if (input.referrerAncestors.includes(input.friendId)) return 'loop';
  if (input.friendHasReferrer) return 'alreadyInvited';
  if (!input.referrerActive) return 'referrerNotActive';
  return null;
}

/** A late code (entered after sign-up) is accepted within the window and before the first purchase. */
export function lateCodeAllowed(signedUpAtMs: number, nowMs: number, applyWithinDays: number, hasPurchased: boolean): boolean {
  return !hasPurchased && nowMs - signedUpAtMs <= applyWithinDays * 86_400_000;
}

/** A browser as sessions keep it. */
export interface DeviceMark {
  ip: string | null;
  userAgent: string | null;
}

/**
 * "Same device": one session of each player from the same IP address with the same user agent.
 * Sessions keep nothing finer; two people on one home network with the same browser build count as
 * one device (the household rule of docs/features/referral.md).
 */
export function sharesDevice(a: readonly DeviceMark[], b: readonly DeviceMark[]): boolean {
  const marks = new Set(a.filter((m) => m.ip && m.userAgent).map((m) => `${m.ip}\u0000${m.userAgent}`));
  return b.some((m) => m.ip !== null && m.userAgent !== null && marks.has(`${m.ip}\u0000${m.userAgent}`));
}

/** A card as purchases keep it: the last four digits and the brand, never the number. */
export interface CardMark {
  last4: string | null;
  brand: string | null;
}

/**
 * "Same card": a completed purchase of each player with a card of the same brand and last four
 * digits. That is what we keep; two different cards can share both (about 1 in 10,000 per brand), so
 * a refusal for it says so and support can review it.
 */
export function sharesCard(a: readonly CardMark[], b: readonly CardMark[]): boolean {
  const marks = new Set(a.filter((m) => m.last4 && m.brand).map((m) => `${m.brand}:${m.last4}`));
  return b.some((m) => m.last4 !== null && m.brand !== null && marks.has(`${m.brand}:${m.last4}`));
}

/** A friend as the referrer sees them: the email's first letter and top-level domain only. */
export function maskFriend(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const tld = domain.includes('.') ? domain.slice(domain.lastIndexOf('.')) : '';
  return `${local.slice(0, 1) || '*'}***@${domain.slice(0, 1) || '*'}***${tld}`;
}

export const REFERRER_STEPS = ['registration', 'emailConfirmation', 'phoneConfirmation', 'profileComplete'] as const;
export type ReferrerStep = (typeof REFERRER_STEPS)[number];
export const PLAYER_REWARD_KINDS = ['email', 'phone', 'profile'] as const;
export type PlayerRewardKind = (typeof PLAYER_REWARD_KINDS)[number];

/** What the friend has done, as read from their account. */
export interface FriendProgress {
  emailConfirmed: boolean;
  phoneConfirmed: boolean;
  profileComplete: boolean;
  identityVerified: boolean;
  hasPurchased: boolean;
}

/** The referrer steps the friend has reached (registration always). */
export function stepsReached(progress: FriendProgress): ReferrerStep[] {
  return REFERRER_STEPS.filter((step) => step === 'registration' || (step === 'emailConfirmation' && progress.emailConfirmed) || (step === 'phoneConfirmation' && progress.phoneConfirmed) || (step === 'profileComplete' && progress.profileComplete));
}

/** The main reward is due once the friend passed the identity check and made a first purchase. */
export function qualifies(progress: FriendProgress): boolean {
  return progress.identityVerified && progress.hasPurchased;
}
