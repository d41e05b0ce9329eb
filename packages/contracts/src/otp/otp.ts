import { z } from 'zod';
import { singleLine } from '../auth/text';

const ZOtpType = z.enum(['email', 'phone']);

/** POST /rest/otp/get-flow/ */
export const ZOtpFlowRequest = z.strictObject({
  registration_source: singleLine(64).nullish(),
  traffic_source: singleLine(64).nullish(),
});
export const ZOtpFlowResponse = z.object({
  success: z.literal(true),
  data: z.object({
    flow: z.enum(['email', 'phone', 'none']),
    steps: z.array(z.object({ type: ZOtpType, completed: z.boolean() })),
  }),
});

/** POST /rest/otp/send/ */
export const ZOtpSendRequest = z.strictObject({ type: ZOtpType });
export const ZOtpSendResponse = z.object({
  success: z.literal(true),
  data: z.object({
    /** False when the contact is already confirmed (nothing sent). */
    sent: z.boolean(),
    alreadyConfirmed: z.boolean(),
    /** Seconds the code stays valid (600). */
    expiresInSeconds: z.number().int(),
    /** Seconds until another code may be asked for (60). */
    resendInSeconds: z.number().int(),
  }),
});

/** POST /rest/otp/verify/ */
export const ZOtpVerifyRequest = z.strictObject({ type: ZOtpType, code: singleLine(12) });
export const ZOtpVerifyResponse = z.object({
  success: z.literal(true),
  data: z.object({ emailConfirmed: z.boolean(), phoneConfirmed: z.boolean() }),
});
