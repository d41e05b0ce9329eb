import { z } from 'zod';

/** Spec §3 Profile: every field, with completeness and auto-verification data (docs/kyc-and-redeem.md). */

export const ZAutoVerificationData = z.object({
  isEnabled: z.boolean(),
  isAvailable: z.boolean(),
  showOn: z.array(z.string()),
  providers: z.array(z.string()),
  isTest: z.boolean(),
});
export type AutoVerificationData = z.infer<typeof ZAutoVerificationData>;

export const ZDocumentConfirmStatus = z.enum(['none', 'pending', 'approved', 'rejected']);
export const ZVerificationStatus = z.enum(['verified', 'rejected', 'duplicateCredentials']);

export const ZProfile = z.object({
  name: z.string().nullable(),
  surname: z.string().nullable(),
  birthday: z.string().nullable(),
  zip: z.string().nullable(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  address2: z.string().nullable(),
  state: z.string().nullable(),
  phone: z.string().nullable(),
  profileCompleted: z.boolean(),
  easyProfileCompleted: z.boolean(),
  easyProfileModuleEnabled: z.boolean(),
  uncompletedProfileFields: z.array(z.string()),
  documentConfirmStatus: ZDocumentConfirmStatus,
  verificationStatus: ZVerificationStatus.nullable(),
  responsiblePlay: z.object({ activityReminderValue: z.number().int() }),
  autoVerificationData: ZAutoVerificationData,
});
export type Profile = z.infer<typeof ZProfile>;
