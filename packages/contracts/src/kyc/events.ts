import { z } from 'zod';
import { defineEvent } from '../events';

/** The player's identity verification moved (it carries the `playerVerification` push). */
export const KycVerificationChanged = defineEvent('kyc.verification-changed', z.object({ action: z.string() }));
/** A redemption changed status (it carries the `redeem` push). */
export const RedeemStatusChanged = defineEvent('redeem.status-changed', z.object({}));
/** The player saved their profile (easy or full); `completed`: every required field is filled in. */
export const KycProfileSaved = defineEvent('kyc.profile-saved', z.object({ completed: z.boolean() }));

declare module '../events' {
  interface EventCatalogue {
    'kyc.verification-changed': typeof KycVerificationChanged;
    'redeem.status-changed': typeof RedeemStatusChanged;
    'kyc.profile-saved': typeof KycProfileSaved;
  }
}
