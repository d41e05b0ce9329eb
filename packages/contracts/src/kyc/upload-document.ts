import { z } from 'zod';
import { ZPlayerDocument } from './player-document';

/** POST /rest/player/documents/ (multipart, field "file": PDF, GIF, JPG or PNG, at most 15 MB). */
export const ZUploadDocumentResponse = z.object({ success: z.literal(true), message: z.string(), data: ZPlayerDocument });
export type UploadDocumentResponse = z.infer<typeof ZUploadDocumentResponse>;
