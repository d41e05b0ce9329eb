import { z } from 'zod';

export const ZTermsRequirement = z.object({ id: z.number().int(), key: z.string() });
export type TermsRequirement = z.infer<typeof ZTermsRequirement>;

/** GET /rest/terms/unconfirmed/ */
export const ZUnconfirmedTermsResponse = z.object({ success: z.literal(true), data: z.array(ZTermsRequirement) });

/** POST /rest/terms/log/ and POST /rest/terms/confirm/ (answer { success: true }). */
export const ZTermsIdsRequest = z.strictObject({
  ids: z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(50),
});
