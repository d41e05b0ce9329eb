import { z } from 'zod';

/** POST /rest/email/confirm/resend/ (signed in): a new confirmation link for the player's email. */
export const ZEmailConfirmResendRequest = z.strictObject({});
export const ZEmailConfirmResendResponse = z.object({
  success: z.literal(true),
  data: z.object({
    /** False when the email is already confirmed (nothing sent). */
    sent: z.boolean(),
    alreadyConfirmed: z.boolean(),
    /** Seconds until another mail may be asked for (60). */
    resendInSeconds: z.number().int(),
  }),
});
export type EmailConfirmResendResponse = z.infer<typeof ZEmailConfirmResendResponse>;

/** The query the confirmation link adds to the player home once the email is confirmed (spec §2). */
export const EMAIL_VERIFIED_QUERY = '?openNotify=EMAIL_VERIFIED';
/** The one-minute notice cookie the next page reads once (the web's `login_link_notice`), and its toast key under `errors.`. */
export const LINK_NOTICE_COOKIE = 'login_link_notice';
export const EMAIL_LINK_INVALID_NOTICE = 'emailLinkInvalid';
