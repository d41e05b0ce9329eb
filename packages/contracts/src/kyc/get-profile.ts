import { z } from 'zod';
import { ZProfile } from './profile';

/** GET /rest/player/profile/: the signed-in player's profile. */
export const ZGetProfileResponse = z.object({ success: z.literal(true), data: ZProfile });
export type GetProfileResponse = z.infer<typeof ZGetProfileResponse>;
