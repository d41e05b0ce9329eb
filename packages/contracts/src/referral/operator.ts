import { z } from 'zod';

const ZAmount = z.strictObject({ coins: z.number().int().min(0).max(1_000_000), entriesCents: z.number().int().min(0).max(50_000) });

/** The operator's referral settings (docs/features/referral.md). */
export const ZReferralSettings = z.strictObject({
  active: z.boolean(),
  registrationReferralReward: ZAmount,
  registrationRewardWithoutCode: ZAmount,
  referrer: z.strictObject({ registration: ZAmount, emailConfirmation: ZAmount, phoneConfirmation: ZAmount, profileComplete: ZAmount }),
  qualificationReward: ZAmount,
  dailyCapPerReferrer: z.number().int().min(0).max(1_000),
  applyWithinDays: z.number().int().min(0).max(90),
  playerRewards: z.strictObject({ email: ZAmount, phone: ZAmount, profile: ZAmount }),
});
