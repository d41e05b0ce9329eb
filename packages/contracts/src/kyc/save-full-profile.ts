import { z } from 'zod';
import { ZProfile } from './profile';
import { ZAddressLine, ZBirthday, ZCity, ZPersonName, ZPhone, ZUsState, ZZip } from './profile-fields';

/** POST /rest/player/profile/: saves the full profile (address2 optional); answers the profile. */
export const ZSaveFullProfileRequest = z.strictObject({
  name: ZPersonName,
  surname: ZPersonName,
  city: ZCity,
  address: ZAddressLine,
  address2: z.union([ZAddressLine, z.literal(''), z.null()]).optional(),
  zip: ZZip,
  state: ZUsState,
  phone: ZPhone,
  birthday: ZBirthday,
});
export type SaveFullProfileRequest = z.infer<typeof ZSaveFullProfileRequest>;

export const ZSaveFullProfileResponse = z.object({ success: z.literal(true), data: ZProfile });
export type SaveFullProfileResponse = z.infer<typeof ZSaveFullProfileResponse>;
