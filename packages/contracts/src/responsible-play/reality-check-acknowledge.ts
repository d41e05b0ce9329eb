import { z } from 'zod';
import { ZRealityCheckResponse } from './reality-check';

/** What the player chose in the reminder: keep playing, stop playing, or look at the account history. */
export const REALITY_CHECK_CHOICES = ['continue', 'stop', 'history'] as const;
export type RealityCheckChoice = (typeof REALITY_CHECK_CHOICES)[number];

/** POST /rest/player/responsible-play/reality-check/acknowledge/: answers a reminder; recorded with the session summary. */
export const ZRealityCheckAcknowledgeRequest = z.strictObject({ choice: z.enum(REALITY_CHECK_CHOICES) });
export type RealityCheckAcknowledgeRequest = z.infer<typeof ZRealityCheckAcknowledgeRequest>;

export const ZRealityCheckAcknowledgeResponse = ZRealityCheckResponse;
