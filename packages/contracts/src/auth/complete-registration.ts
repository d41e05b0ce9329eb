import { z } from 'zod';
import { singleLine } from './text';

/** POST /rest/player/registration/complete/: fills the fields the closed funnel skipped. */
export const ZCompleteRegistrationRequest = z.strictObject({
  /** Display name. */
  login: singleLine(64).optional(),
  /** E.164, e.g. +15551234567. */
  phone: singleLine(20).optional(),
});

export const ZRegistrationInfo = z.object({
  complete: z.boolean(),
  registrationFunnel: z.object({ funnelType: z.string() }),
});
export type RegistrationInfo = z.infer<typeof ZRegistrationInfo>;

export const ZCompleteRegistrationResponse = z.object({ success: z.literal(true), data: ZRegistrationInfo });
