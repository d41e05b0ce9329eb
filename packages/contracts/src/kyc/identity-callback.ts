import { z } from 'zod';
import { PLAYER_VERIFICATION_ACTIONS } from '../realtime/player-verification';

/**
 * POST /rest/kyc/identity-provider/callback/: one step of an identity check, signed by the provider
 * (the signature header covers the raw body). A replayed event id changes nothing.
 */
export const ZIdentityCallbackRequest = z.strictObject({
  eventId: z.string().min(1).max(80),
  reference: z.string().regex(/^[a-f0-9]{32}$/),
  sequence: z.number().int().min(1).max(100),
  state: z.enum(PLAYER_VERIFICATION_ACTIONS),
  occurredAtMs: z.number().int().nonnegative(),
});
export type IdentityCallbackRequest = z.infer<typeof ZIdentityCallbackRequest>;

/** The answer: whether the step was applied (false: a replay, or a step after the check ended). */
export interface IdentityCallbackResponse {
  success: true;
  applied: boolean;
}
