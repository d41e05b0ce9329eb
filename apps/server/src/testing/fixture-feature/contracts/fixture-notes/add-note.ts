import { z } from 'zod';

/** POST /rest/fixture-notes/ (the fixture feature's one call). */
export const ZAddNoteRequest = z.strictObject({ note: z.string().trim().min(1).max(200) });
export const ZAddNoteResponse = z.object({ success: z.literal(true), data: z.object({ notes: z.array(z.string()) }) });
