import { defineErrors } from '../errors';

/** Referral's expected failures (docs/features/referral.md): nothing moves when one is answered. */
export const REFERRAL_ERRORS = defineErrors({
  // Spec §7: the web removes the invited_by query on this exact message.
  REFERRAL_CODE_NOT_FOUND: { status: 404, messageKey: 'errors.referralCodeNotFound', message: 'code not found' },
  REFERRAL_SELF_REFERRAL: { status: 409, messageKey: 'errors.referralSelfReferral', message: 'You cannot use your own referral code.' },
  REFERRAL_LOOP: { status: 409, messageKey: 'errors.referralLoop', message: 'This code belongs to a player you invited.' },
  REFERRAL_ALREADY_INVITED: { status: 409, messageKey: 'errors.referralAlreadyInvited', message: 'A referral code is already applied to your account.' },
  REFERRAL_TOO_LATE: { status: 409, messageKey: 'errors.referralTooLate', message: 'A referral code can only be entered in the first days after sign-up and before a first purchase.' },
  REFERRAL_REFERRER_NOT_ACTIVE: { status: 409, messageKey: 'errors.referralReferrerNotActive', message: 'This referral code cannot be used.' },
  REFERRAL_NOT_ACTIVE: { status: 409, messageKey: 'errors.referralNotActive', message: 'The referral program is paused.' },
});

type ReferralErrors = typeof REFERRAL_ERRORS;

declare module '../errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the feature's codes
  interface FeatureErrorCatalogue extends ReferralErrors {}
}
