import { z } from 'zod';
import { ZPlayerDocument } from './player-document';

/** GET /rest/player/documents/: the player's documents, newest first, with their review status. */
export const ZListDocumentsResponse = z.object({ success: z.literal(true), data: z.array(ZPlayerDocument) });
export type ListDocumentsResponse = z.infer<typeof ZListDocumentsResponse>;
