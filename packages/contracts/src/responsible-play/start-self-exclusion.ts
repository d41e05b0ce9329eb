import { z } from 'zod';
import { ZExclusionState, ZSelfExclusionPeriod } from './exclusion';

/**
 * POST /rest/player/responsible-play/self-exclusion/: self-excludes the player (it cannot be shortened
 * or lifted early; `permanent` never ends). `confirm: true` as for the cooling-off. Answers the state after.
 */
export const ZStartSelfExclusionRequest = z.strictObject({ period: ZSelfExclusionPeriod, confirm: z.literal(true) });
export type StartSelfExclusionRequest = z.infer<typeof ZStartSelfExclusionRequest>;

export const ZStartSelfExclusionResponse = z.object({ success: z.literal(true), data: ZExclusionState });
export type StartSelfExclusionResponse = z.infer<typeof ZStartSelfExclusionResponse>;
