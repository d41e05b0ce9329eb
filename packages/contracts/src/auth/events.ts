import { z } from 'zod';
import { defineEvent } from '../events';

/** An account was created (the referral feature links the friend and pays the sign-up rewards). */
export const AuthSignedUp = defineEvent('auth.signed-up', z.object({ referralCode: z.string().max(64).nullable() }));
/** A contact (email or phone) was confirmed by a one-time code or an emailed link. */
export const AuthContactConfirmed = defineEvent('auth.contact-confirmed', z.object({ contact: z.enum(['email', 'phone']) }));

declare module '../events' {
  interface EventCatalogue {
    'auth.signed-up': typeof AuthSignedUp;
    'auth.contact-confirmed': typeof AuthContactConfirmed;
  }
}
