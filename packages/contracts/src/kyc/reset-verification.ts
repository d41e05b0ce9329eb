import { z } from 'zod';
import { ZAutoVerificationData } from './profile';

/** POST /rest/player/verification/reset/ (spec §4 "Auto-verification reset": enabled and available both false). */
export const ZResetVerificationRequest = z.strictObject({}).optional();

export const ZResetVerificationResponse = z.object({ success: z.literal(true), data: z.object({ autoVerificationData: ZAutoVerificationData }) });
export type ResetVerificationResponse = z.infer<typeof ZResetVerificationResponse>;
