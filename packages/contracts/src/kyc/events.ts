import { z } from 'zod';
import { defineEvent } from '../events';

/** The player's identity verification moved (it carries the `playerVerification` push). */
export const KycVerificationChanged = defineEvent('kyc.verification-changed', z.object({ action: z.string() }));
/** A redemption changed status (it carries the `redeem` push). */
export const RedeemStatusChanged = defineEvent('redeem.status-changed', z.object({}));

declare module '../events' {
  interface EventCatalogue {
    'kyc.verification-changed': typeof KycVerificationChanged;
    'redeem.status-changed': typeof RedeemStatusChanged;
  }
}
