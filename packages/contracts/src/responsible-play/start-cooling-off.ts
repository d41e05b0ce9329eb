import { z } from 'zod';
import { ZCoolingOffPeriod, ZExclusionState } from './exclusion';

/**
 * POST /rest/player/responsible-play/cooling-off/: starts a cooling-off period (it cannot be shortened
 * or lifted early). `confirm: true` is the server's half of the confirmation step: a stray request
 * without it starts nothing. Answers the state after.
 */
export const ZStartCoolingOffRequest = z.strictObject({ period: ZCoolingOffPeriod, confirm: z.literal(true) });
export type StartCoolingOffRequest = z.infer<typeof ZStartCoolingOffRequest>;

export const ZStartCoolingOffResponse = z.object({ success: z.literal(true), data: ZExclusionState });
export type StartCoolingOffResponse = z.infer<typeof ZStartCoolingOffResponse>;
