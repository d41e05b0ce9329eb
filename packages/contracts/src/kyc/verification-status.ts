import { z } from 'zod';
import { ZDocumentConfirmStatus, ZVerificationStatus } from './profile';

/** GET /rest/player/verification/status/: the verification status and the latest identity check. */
export const ZVerificationStatusResponse = z.object({
  success: z.literal(true),
  data: z.object({
    verificationStatus: ZVerificationStatus.nullable(),
    documentConfirmStatus: ZDocumentConfirmStatus,
    latestCheck: z.object({ reference: z.string(), /** `started`, then the provider's steps (the playerVerification push's actions). */ state: z.string(), updatedAtMs: z.number() }).nullable(),
  }),
});
export type VerificationStatusResponse = z.infer<typeof ZVerificationStatusResponse>;
