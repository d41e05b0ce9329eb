import { z } from 'zod';

/** One identity document as the player (and the operator) sees it. */
export const ZPlayerDocument = z.object({
  id: z.number(),
  name: z.string(),
  contentType: z.string(),
  sizeBytes: z.number(),
  status: z.enum(['pending', 'approved', 'rejected']),
  rejectReason: z.string().nullable(),
  uploadedAtMs: z.number(),
  reviewedAtMs: z.number().nullable(),
});
export type PlayerDocument = z.infer<typeof ZPlayerDocument>;
