import { z } from 'zod';

/** Error body of every failed call: `{ success: false, error: { code, message, fields } }`. */
export const ZErrorResponse = z.object({
  success: z.literal(false),
  error: z.object({
    code: z.string(),
    message: z.string(),
    messageKey: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorResponse = z.infer<typeof ZErrorResponse>;

/** `{ success: true }` answers of calls whose only result is that they worked. */
export const ZSuccessResponse = z.object({ success: z.literal(true) });
