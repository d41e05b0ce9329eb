import { AppError } from '@sweepstack/contracts/errors';
import type { Profile } from '@sweepstack/contracts/kyc/profile';
import type { SaveEasyProfileRequest } from '@sweepstack/contracts/kyc/save-easy-profile';
import type { SaveFullProfileRequest } from '@sweepstack/contracts/kyc/save-full-profile';
import { ensureProfile, listDocumentStatuses, type ProfileRow, selectProfileFields, updateProfile } from '@sweepstack/db/kyc/repository';
import { recordEvent } from '@sweepstack/db/repositories/domain-events';
import { findPlayerById } from '@sweepstack/db/repositories/players';
import { readSetting } from '@sweepstack/db/repositories/settings';
import type { Database } from '@sweepstack/db/schema';
import { assertOldEnough } from '@sweepstack/domain/auth/age';
import type { Clock } from '@sweepstack/domain/shared/clock';
import type { Kysely, Transaction } from 'kysely';
import { minimumAgeYears } from '../auth/auth-settings';
import { SANDBOX_PROVIDER_NAME } from './sandbox-identity-provider/scenarios';

type Db = Kysely<Database> | Transaction<Database>;

/** Fields a full profile needs (address2 is optional). */
const REQUIRED_FIELDS = ['name', 'surname', 'birthday', 'zip', 'city', 'address', 'state', 'phone'] as const;
const EASY_FIELDS = ['name', 'surname', 'birthday', 'zip'] as const;

export { ensureProfile, type ProfileRow };

async function settingFlag(db: Db, key: string, fallback: boolean): Promise<boolean> {
  const value = await readSetting(db, key);
  return typeof value === 'boolean' ? value : fallback;
}

/** Documents' summary: any approved → approved; else any pending → pending; else any rejected → rejected. */
export async function documentConfirmStatus(db: Db, playerId: number): Promise<Profile['documentConfirmStatus']> {
  const statuses = new Set(await listDocumentStatuses(db, playerId));
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
  const player = await findPlayerById(db, playerId);
  if (!player) throw new Error(`profile: no player ${playerId}`);
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

/** Records `kyc.profile-saved` in the saving transaction: features react after commit (the referral feature pays a completed profile). */
async function recordProfileSaved(trx: Transaction<Database>, clock: Clock, playerId: number): Promise<void> {
  const row = await trx.selectFrom('player_profiles').select(['name', 'surname', 'birthday', 'zip', 'city', 'address', 'address2', 'state', 'phone']).where('player_id', '=', playerId).executeTakeFirst();
  const player = await findPlayerById(trx, playerId);
  const completed = player !== undefined && missingProfileFields(profileFieldValues(row, player)).length === 0;
  await recordEvent(trx, { type: 'kyc.profile-saved', playerId, payload: { completed } }, { clock });
}

/** Saves the easy profile (name, surname, birthday, zip). */
export async function saveEasyProfile(db: Kysely<Database>, clock: Clock, playerId: number, body: SaveEasyProfileRequest): Promise<void> {
  await checkBirthday(db, body.birthday, clock);
  assertIdentityUnchanged(await ensureProfile(db, playerId, clock.nowMs()), body);
  await db.transaction().execute(async (trx) => {
    await updateProfile(trx, playerId, { name: body.name, surname: body.surname, birthday: body.birthday, zip: body.zip, updated_at_ms: clock.nowMs() });
    await recordProfileSaved(trx, clock, playerId);
  });
}

/** Saves the full profile (same freeze of verified identity details). */
export async function saveFullProfile(db: Kysely<Database>, clock: Clock, playerId: number, body: SaveFullProfileRequest): Promise<void> {
  await checkBirthday(db, body.birthday, clock);
  assertIdentityUnchanged(await ensureProfile(db, playerId, clock.nowMs()), body);
  await db.transaction().execute(async (trx) => {
    await updateProfile(trx, playerId, {
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
    });
    await recordProfileSaved(trx, clock, playerId);
  });
}
