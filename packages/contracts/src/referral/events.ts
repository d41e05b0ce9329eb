import { z } from 'zod';
import { defineEvent } from '../events';

/** A referral or player reward was paid; it carries the `referral` push (the qualified-reward toasts). */
export const ReferralRewarded = defineEvent('referral.rewarded', z.object({ step: z.string().max(32) }));

declare module '../events' {
  interface EventCatalogue {
    'referral.rewarded': typeof ReferralRewarded;
  }
}
