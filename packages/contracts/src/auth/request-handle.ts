import { z } from 'zod';
import { singleLine } from './text';

/**
 * GET /rest/request/handle/: the server-side-render handshake. The query is the page's own query
 * plus `path` (the page path); other page parameters pass through untouched.
 */
export const ZRequestHandleQuery = z.looseObject({
  path: singleLine(2048).optional(),
  aa: singleLine(200).optional(),
  invited_by: singleLine(64).optional(),
  refcode: singleLine(64).optional(),
});

export const ZRequestHandleResponse = z.object({
  authorized: z.boolean(),
  /** Where the browser must go instead (same path without aa, with autologin=true). */
  redirectUrl: z.string().optional(),
  /** A toast the page shows: 'loginTokenInvalid' when an aa link was invalid, expired or used. */
  toast: z.enum(['loginTokenInvalid']).optional(),
});
export type RequestHandleResponse = z.infer<typeof ZRequestHandleResponse>;
