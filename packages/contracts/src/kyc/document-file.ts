import { z } from 'zod';

/** GET /rest/player/documents/:id/file/: downloads one of the player's own documents (the bytes). */
export const ZDocumentFileParams = z.strictObject({ id: z.coerce.number().int().positive().max(2 ** 31 - 1) });
