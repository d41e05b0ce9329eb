import { z } from 'zod';
import { singleLine } from './text';

/** POST /rest/auth/signup/ */
export const ZSignUpRequest = z.strictObject({
  /** Checked by the server (trimmed, one @, a dotted domain). */
  email: singleLine(254, 3),
  /** Policy (8-128, a letter and a digit) is checked by the server with a field message. */
  password: z.string().min(1).max(128),
  /** YYYY-MM-DD. */
  birthday: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD'),
  /** Must be true; false answers AUTH_TERMS_NOT_ACCEPTED. */
  acceptedTerms: z.boolean(),
  /** From the invited_by / refcode cookie; kept when it looks like a code, ignored otherwise. */
  referralCode: singleLine(64).optional(),
  captchaToken: singleLine(4096).optional(),
  /** e.g. 'closed_funnel': enters the closed registration funnel. */
  registrationSource: singleLine(64).optional(),
  trafficSource: singleLine(64).optional(),
});
export type SignUpRequest = z.infer<typeof ZSignUpRequest>;

/** The answer of sign-up, sign-in and password-reset confirmation. */
export const ZAuthPlayerResponse = z.object({
  success: z.literal(true),
  data: z.object({ uuid: z.string(), login: z.string(), email: z.string() }),
});
export type AuthPlayerResponse = z.infer<typeof ZAuthPlayerResponse>;
