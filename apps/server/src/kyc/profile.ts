import { AppError } from '@sweepstack/contracts/errors';
import type { Database } from '@sweepstack/db/schema';
import { preparedQuery } from '@sweepstack/db/prepared-query';
import { readSetting } from '@sweepstack/db/repositories/settings';
import type { PlayerProfilesTable } from '@sweepstack/db/tables/kyc';
import { assertOldEnough } from '@sweepstack/domain/auth/age';
import { DEFAULT_REALITY_CHECK_MINUTES } from '@sweepstack/domain/responsible-play/reality-check';
import type { Clock } from '@sweepstack/domain/shared/clock';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { z } from 'zod';
import { minimumAgeYears } from '../auth/auth-settings';
import { US_STATE_CODES } from './us-states';
import { SANDBOX_PROVIDER_NAME } from './sandbox-identity-provider/scenarios';

type Db = Kysely<Database> | Transaction<Database>;

// Letters of any script, spaces, apostrophes and hyphens; starts and ends with a letter.
const PERSON_NAME = /^\p{L}(?:[\p{L} '\u2019-]*\p{L})?$/u;
const personName = z.string().trim().min(1, 'Required').max(60, 'At most 60 characters').regex(PERSON_NAME, 'Letters, spaces, apostrophes and hyphens only');
const birthday = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date as YYYY-MM-DD');
const zip = z.string().trim().regex(/^\d{5}(?:-\d{4})?$/, 'Five digits, or ZIP+4 (12345-6789)');
const addressLine = z.string().trim().min(1, 'Required').max(120, 'At most 120 characters').regex(/^[\p{L}\p{N} .,'#/&()-]+$/u, 'Letters, digits, spaces and . , \' # / & ( ) - only');
const city = z.string().trim().min(1, 'Required').max(80, 'At most 80 characters').regex(PERSON_NAME, 'Letters, spaces, apostrophes and hyphens only');
// E.164: a plus, a country code that does not start with 0, at most 15 digits in all.
const phone = z.string().trim().regex(/^\+[1-9]\d{7,14}$/, 'International format, e.g. +15551234567');

export const ZEasyProfileBody = z.strictObject({ name: personName, surname: personName, birthday, zip });
export const ZFullProfileBody = z.strictObject({
  name: personName,
  surname: personName,
  city,
  address: addressLine,
  address2: z.union([addressLine, z.literal(''), z.null()]).optional(),
  zip,
  state: z.enum(US_STATE_CODES, 'A US state code such as NY'),
  phone,
  birthday,
});

/** Fields a full profile needs (address2 is optional). */
const REQUIRED_FIELDS = ['name', 'surname', 'birthday', 'zip', 'city', 'address', 'state', 'phone'] as const;
const EASY_FIELDS = ['name', 'surname', 'birthday', 'zip'] as const;

export const ZAutoVerificationData = z.object({
  isEnabled: z.boolean(),
  isAvailable: z.boolean(),
  showOn: z.array(z.string()),
  providers: z.array(z.string()),
  isTest: z.boolean(),
});

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
  documentConfirmStatus: z.enum(['none', 'pending', 'approved', 'rejected']),
  verificationStatus: z.enum(['verified', 'rejected', 'duplicateCredentials']).nullable(),
  responsiblePlay: z.object({ activityReminderValue: z.number().int() }),
  autoVerificationData: ZAutoVerificationData,
});
export type Profile = z.infer<typeof ZProfile>;

export type ProfileRow = Selectable<PlayerProfilesTable>;

/** The player's profile row, created empty on first use. */
export async function ensureProfile(db: Db, playerId: number, nowMs: number): Promise<ProfileRow> {
  await db
    .insertInto('player_profiles')
    .values({
      player_id: playerId,
      name: null,
      surname: null,
      birthday: null,
      zip: null,
      city: null,
      address: null,
      address2: null,
      state: null,
      phone: null,
      activity_reminder_minutes: DEFAULT_REALITY_CHECK_MINUTES,
      verification_status: null,
      auto_verification_enabled: 1,
      auto_verification_available: 1,
      updated_at_ms: nowMs,
    })
    .onConflict((oc) => oc.column('player_id').doNothing())
    .execute();
  return db.selectFrom('player_profiles').selectAll().where('player_id', '=', playerId).executeTakeFirstOrThrow();
}

async function settingFlag(db: Db, key: string, fallback: boolean): Promise<boolean> {
  const value = await readSetting(db, key);
  return typeof value === 'boolean' ? value : fallback;
}

/** Documents' summary: any approved → approved; else any pending → pending; else any rejected → rejected. */
export async function documentConfirmStatus(db: Db, playerId: number): Promise<Profile['documentConfirmStatus']> {
  const rows = await db.selectFrom('player_documents').select('status').where('player_id', '=', playerId).execute();
  const statuses = new Set(rows.map((r) => r.status));
  if (statuses.has('approved')) return 'approved';
  if (statuses.has('pending')) return 'pending';
  if (statuses.has('rejected')) return 'rejected';
  return 'none';
}

type ProfileFields = Pick<ProfileRow, 'name' | 'surname' | 'birthday' | 'zip' | 'city' | 'address' | 'address2' | 'state' | 'phone'>;

/** The profile's field values, with the sign-up birthday and phone standing in while the profile has none. */
export function profileFieldValues(row: ProfileFields | undefined, player: { birthday: string | null; phone: string | null }): ProfileFields {
  return {
    name: row?.name ?? null,
    surname: row?.surname ?? null,
    birthday: row?.birthday ?? player.birthday ?? null,
    zip: row?.zip ?? null,
    city: row?.city ?? null,
    address: row?.address ?? null,
    address2: row?.address2 ?? null,
    state: row?.state ?? null,
    phone: row?.phone ?? player.phone ?? null,
  };
}

/** The fields a full profile still lacks (empty when it is complete). */
export function missingProfileFields(values: ProfileFields): string[] {
  return REQUIRED_FIELDS.filter((field) => !values[field]);
}

const selectProfileFields = preparedQuery((db, playerId: number) =>
  db.selectFrom('player_profiles').select(['name', 'surname', 'birthday', 'zip', 'city', 'address', 'address2', 'state', 'phone']).where('player_id', '=', playerId),
);

/** What app init shows of the profile: its state (for the restriction hash) and whether it is complete. */
export async function readProfileSummary(
  db: Kysely<Database>,
  player: { id: number; birthday: string | null; phone: string | null },
): Promise<{ stateCode: string | null; profileCompleted: boolean }> {
  const [row] = await selectProfileFields(db, player.id);
  const values = profileFieldValues(row, player);
  return { stateCode: values.state, profileCompleted: missingProfileFields(values).length === 0 };
}

/** Spec §3 Profile: every field, with completeness and auto-verification data. */
export async function readProfile(db: Db, playerId: number, nowMs: number): Promise<Profile> {
  const row = await ensureProfile(db, playerId, nowMs);
  const player = await db.selectFrom('players').select(['birthday', 'phone']).where('id', '=', playerId).executeTakeFirstOrThrow();
  const values = profileFieldValues(row, player);
  const missing = missingProfileFields(values);
  const [easyEnabled, autoEnabled, confirmStatus] = await Promise.all([
    settingFlag(db, 'kyc.easy_profile_enabled', true),
    settingFlag(db, 'kyc.auto_verification_enabled', true),
    documentConfirmStatus(db, playerId),
  ]);
  const verified = row.verification_status === 'verified';
  return {
    ...values,
    profileCompleted: missing.length === 0,
    easyProfileCompleted: EASY_FIELDS.every((field) => !!values[field]),
    easyProfileModuleEnabled: easyEnabled,
    uncompletedProfileFields: missing,
    documentConfirmStatus: confirmStatus,
    verificationStatus: row.verification_status,
    responsiblePlay: { activityReminderValue: row.activity_reminder_minutes },
    autoVerificationData: {
      isEnabled: autoEnabled && row.auto_verification_enabled === 1,
      isAvailable: autoEnabled && row.auto_verification_available === 1 && !verified,
      showOn: ['profile', 'redeem'],
      providers: [SANDBOX_PROVIDER_NAME],
      isTest: true,
    },
  };
}

/** Checks the minimum age (settings auth.minimum_age_years): AUTH_UNDERAGE or VALIDATION_FAILED. */
async function checkBirthday(db: Kysely<Database>, value: string, clock: Clock): Promise<void> {
  assertOldEnough(value, await minimumAgeYears(db), clock);
}

/** A verified player's legal name and birthday are frozen: support changes them after a new check. */
function assertIdentityUnchanged(row: ProfileRow, body: { name: string; surname: string; birthday: string }): void {
  if (row.verification_status !== 'verified') return;
  const changed = (['name', 'surname', 'birthday'] as const).filter((field) => row[field] !== null && row[field] !== body[field]);
  if (changed.length > 0) {
    throw new AppError('VALIDATION_FAILED', { fields: Object.fromEntries(changed.map((f) => [f, 'Verified identity details cannot be changed here; please contact support'])) });
  }
}

/** Saves the easy profile (name, surname, birthday, zip). */
export async function saveEasyProfile(db: Kysely<Database>, clock: Clock, playerId: number, body: z.infer<typeof ZEasyProfileBody>): Promise<void> {
  await checkBirthday(db, body.birthday, clock);
  assertIdentityUnchanged(await ensureProfile(db, playerId, clock.nowMs()), body);
  await db
    .updateTable('player_profiles')
    .set({ name: body.name, surname: body.surname, birthday: body.birthday, zip: body.zip, updated_at_ms: clock.nowMs() })
    .where('player_id', '=', playerId)
    .execute();
}

/** Saves the full profile (same freeze of verified identity details). */
export async function saveFullProfile(db: Kysely<Database>, clock: Clock, playerId: number, body: z.infer<typeof ZFullProfileBody>): Promise<void> {
  await checkBirthday(db, body.birthday, clock);
  assertIdentityUnchanged(await ensureProfile(db, playerId, clock.nowMs()), body);
  await db
    .updateTable('player_profiles')
    .set({
      name: body.name,
      surname: body.surname,
      city: body.city,
      address: body.address,
      address2: body.address2 ? body.address2 : null,
      zip: body.zip,
      state: body.state,
      phone: body.phone,
      birthday: body.birthday,
      updated_at_ms: clock.nowMs(),
    })
    .where('player_id', '=', playerId)
    .execute();
}
