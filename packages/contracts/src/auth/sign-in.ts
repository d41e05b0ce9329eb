import { z } from 'zod';
import { singleLine } from './text';

/** POST /rest/auth/signin/ (answers ZAuthPlayerResponse). */
export const ZSignInRequest = z.strictObject({
  email: singleLine(254, 1),
  password: z.string().min(1).max(128),
  captchaToken: singleLine(4096).optional(),
});
export type SignInRequest = z.infer<typeof ZSignInRequest>;
