import { z } from 'zod';

/** POST /rest/auth/signin/ (answers ZAuthPlayerResponse). */
export const ZSignInRequest = z.strictObject({
  email: z.string().min(1).max(254),
  password: z.string().min(1).max(128),
  captchaToken: z.string().max(4096).optional(),
});
export type SignInRequest = z.infer<typeof ZSignInRequest>;
