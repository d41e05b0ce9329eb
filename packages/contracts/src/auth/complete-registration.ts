import { z } from 'zod';

/** POST /rest/player/registration/complete/: fills the fields the closed funnel skipped. */
export const ZCompleteRegistrationRequest = z.strictObject({
  /** Display name. */
  login: z.string().max(64).optional(),
  /** E.164, e.g. +15551234567. */
  phone: z.string().max(20).optional(),
});

export const ZRegistrationInfo = z.object({
  complete: z.boolean(),
  registrationFunnel: z.object({ funnelType: z.string() }),
});
export type RegistrationInfo = z.infer<typeof ZRegistrationInfo>;

export const ZCompleteRegistrationResponse = z.object({ success: z.literal(true), data: ZRegistrationInfo });
