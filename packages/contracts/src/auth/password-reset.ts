import { z } from 'zod';
import { singleLine } from './text';

/** POST /rest/auth/reset/: always answers { success: true }. */
export const ZPasswordResetRequest = z.strictObject({
  email: singleLine(254, 1),
});

/** POST /rest/auth/reset/confirm/ (answers ZAuthPlayerResponse). */
export const ZPasswordResetConfirmRequest = z.strictObject({
  token: singleLine(200, 1),
  password: z.string().min(1).max(128),
});
