import { z } from 'zod';
import { ZProfile } from './profile';

/** GET /rest/page/profile/: the profile page's payload (the profile). */
export const ZProfilePageResponse = z.object({ success: z.literal(true), payload: ZProfile });
export type ProfilePageResponse = z.infer<typeof ZProfilePageResponse>;
