/**
 * Referral and player rewards (docs/features/referral.md). Settings live in `settings` ('referral.settings').
 */

/** One friend brought by a referrer: the steps reached and which rewards were paid (a time each). */
export interface ReferralsTable {
  /** The friend (one referrer at most). */
  friend_player_id: number;
  referrer_player_id: number;
  /** The code used, upper-case. */
  code: string;
  /** The operator day the friend was linked (the referrer's daily cap counts per day). */
  day: string;
  /** 'counting': rewards are paid as steps are reached; 'refused': an abuse rule stopped it (nothing more is paid). */
  status: 'counting' | 'refused';
  refused_reason: 'sameDevice' | 'sameCard' | 'dailyCap' | null;
  /** 'signup': the code came with the sign-up; 'late': entered afterwards. */
  source: 'signup' | 'late';
  created_at_ms: number;
  registration_paid_at_ms: number | null;
  email_paid_at_ms: number | null;
  phone_paid_at_ms: number | null;
  profile_paid_at_ms: number | null;
  identity_verified_at_ms: number | null;
  first_purchase_at_ms: number | null;
  qualified_paid_at_ms: number | null;
  updated_at_ms: number;
}

/** Friends linked per referrer and operator day (the daily cap's guarded counter). */
export interface ReferralDailyCountsTable {
  referrer_player_id: number;
  day: string;
  friends: number;
}

/** The player's own rewards paid (spec §3 Rewards: email, phone, profile; and the sign-up reward), once each. */
export interface PlayerRewardsPaidTable {
  player_id: number;
  kind: 'email' | 'phone' | 'profile' | 'registration' | 'lateCode';
  coins: number;
  entries_cents: number;
  paid_at_ms: number;
}

/** Browsers a player was seen on (IP and user agent), kept for the shared-device rule after sessions end. */
export interface ReferralDeviceMarksTable {
  player_id: number;
  ip: string;
  user_agent: string;
  seen_at_ms: number;
}

export interface ReferralTables {
  referrals: ReferralsTable;
  referral_daily_counts: ReferralDailyCountsTable;
  player_rewards_paid: PlayerRewardsPaidTable;
  referral_device_marks: ReferralDeviceMarksTable;
}

declare module '../schema' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the feature's tables
  interface Database extends ReferralTables {}
}
