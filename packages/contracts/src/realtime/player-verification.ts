import { z } from 'zod';

/** Identity verification outcomes (spec §4 Player verification push). */
export const PLAYER_VERIFICATION_ACTIONS = ['surveyRequired', 'needScanDocument', 'success', 'apple_pay_success', 'failed', 'apple_pay_failed', 'duplicate'] as const;

export const ZPlayerVerificationPush = z.object({
  type: z.literal('playerVerification'),
  action: z.enum(PLAYER_VERIFICATION_ACTIONS),
  data: z.object({ message: z.string().max(500).nullable().default(null) }).default({ message: null }),
});
export type PlayerVerificationPush = z.infer<typeof ZPlayerVerificationPush>;

/** The verification status a push implies: success kinds → approved, failure kinds → rejected. */
export function verificationStatusOf(action: PlayerVerificationPush['action']): 'approved' | 'rejected' | 'duplicateCredentials' | null {
  if (action === 'success' || action === 'apple_pay_success') return 'approved';
  if (action === 'failed' || action === 'apple_pay_failed') return 'rejected';
  if (action === 'duplicate') return 'duplicateCredentials';
  return null;
}
