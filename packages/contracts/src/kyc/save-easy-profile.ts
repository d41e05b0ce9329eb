import { z } from 'zod';
import { ZProfile } from './profile';
import { ZBirthday, ZPersonName, ZZip } from './profile-fields';

/** POST /rest/player/profile/easy/: saves the easy profile (name, surname, birthday, zip); answers the profile. */
export const ZSaveEasyProfileRequest = z.strictObject({ name: ZPersonName, surname: ZPersonName, birthday: ZBirthday, zip: ZZip });
export type SaveEasyProfileRequest = z.infer<typeof ZSaveEasyProfileRequest>;

export const ZSaveEasyProfileResponse = z.object({ success: z.literal(true), data: ZProfile });
export type SaveEasyProfileResponse = z.infer<typeof ZSaveEasyProfileResponse>;
