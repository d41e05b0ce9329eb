import { z } from 'zod';

/** POST /rest/auth/reset/: always answers { success: true }. */
export const ZPasswordResetRequest = z.strictObject({
  email: z.string().min(1).max(254),
});

/** POST /rest/auth/reset/confirm/ (answers ZAuthPlayerResponse). */
export const ZPasswordResetConfirmRequest = z.strictObject({
  token: z.string().min(1).max(200),
  password: z.string().min(1).max(128),
});
