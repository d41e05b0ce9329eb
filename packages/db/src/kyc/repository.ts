import { DEFAULT_REALITY_CHECK_MINUTES } from '@sweepstack/domain/responsible-play/reality-check';
import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import { preparedQuery } from '../prepared-query';
import type { Database } from '../schema';
import type { IdentityChecksTable, PlayerDocumentsTable, PlayerProfilesTable } from '../tables/kyc';

/** KYC's SQL (docs/kyc-and-redeem.md): profiles, identity documents and identity checks. */
type Db = Kysely<Database> | Transaction<Database>;

export type ProfileRow = Selectable<PlayerProfilesTable>;
export type DocumentRow = Selectable<PlayerDocumentsTable>;
export type DocumentStatus = DocumentRow['status'];
export type IdentityCheckRow = Selectable<IdentityChecksTable>;

// ---- Profiles ----

/** The player's profile row, created empty (with the default reality-check interval) on first use. */
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

/** The profile's fields that app init reads (the row may not exist yet), as one prepared statement. */
export const selectProfileFields = preparedQuery((db, playerId: number) =>
  db.selectFrom('player_profiles').select(['name', 'surname', 'birthday', 'zip', 'city', 'address', 'address2', 'state', 'phone']).where('player_id', '=', playerId),
);

/** Writes profile columns (the row exists: ensureProfile first). */
export async function updateProfile(db: Db, playerId: number, values: Updateable<PlayerProfilesTable>): Promise<void> {
  await db.updateTable('player_profiles').set(values).where('player_id', '=', playerId).execute();
}

// ---- Documents ----

/** The review status of each of the player's documents. */
export async function listDocumentStatuses(db: Db, playerId: number): Promise<DocumentStatus[]> {
  const rows = await db.selectFrom('player_documents').select('status').where('player_id', '=', playerId).execute();
  return rows.map((r) => r.status);
}

/** How many of the player's documents wait for review. */
export async function countPendingDocuments(db: Db, playerId: number): Promise<number> {
  const row = await db.selectFrom('player_documents').select((eb) => eb.fn.countAll<number | string>().as('count')).where('player_id', '=', playerId).where('status', '=', 'pending').executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Writes a new document row; answers it as stored. */
export async function insertDocument(db: Db, row: Insertable<PlayerDocumentsTable>): Promise<DocumentRow> {
  return db.insertInto('player_documents').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The player's latest documents (at most 200), newest first. */
export async function listPlayerDocuments(db: Db, playerId: number): Promise<DocumentRow[]> {
  return db.selectFrom('player_documents').selectAll().where('player_id', '=', playerId).orderBy('id', 'desc').limit(200).execute();
}

/** A document by id, or undefined; with `playerId`, only if it is that player's. */
export async function findDocument(db: Db, id: number, playerId?: number): Promise<DocumentRow | undefined> {
  let query = db.selectFrom('player_documents').selectAll().where('id', '=', id);
  if (playerId !== undefined) query = query.where('player_id', '=', playerId);
  return query.executeTakeFirst();
}

/** Documents in one review status (or all), oldest first, at most 200, with their player (the operator's queue). */
export async function listDocumentsForReview(db: Db, status: DocumentStatus | 'all'): Promise<(DocumentRow & { player_uuid: string; player_email: string })[]> {
  let query = db
    .selectFrom('player_documents')
    .innerJoin('players', 'players.id', 'player_documents.player_id')
    .selectAll('player_documents')
    .select(['players.uuid as player_uuid', 'players.email as player_email'])
    .orderBy('player_documents.id', 'asc')
    .limit(200);
  if (status !== 'all') query = query.where('player_documents.status', '=', status);
  return query.execute();
}

/** Ends a pending document's review; answers the row after, or undefined when it was no longer pending. */
export async function reviewPendingDocument(
  db: Db,
  id: number,
  review: Pick<Updateable<PlayerDocumentsTable>, 'status' | 'reject_reason' | 'reviewed_by_operator_id' | 'reviewed_at_ms'>,
): Promise<DocumentRow | undefined> {
  return db.updateTable('player_documents').set(review).where('id', '=', id).where('status', '=', 'pending').returningAll().executeTakeFirst();
}

// ---- Identity checks ----

/** The player's latest identity check started after `sinceMs` (any time when omitted), or undefined. */
export async function findLatestIdentityCheck(db: Db, playerId: number, sinceMs?: number): Promise<IdentityCheckRow | undefined> {
  let query = db.selectFrom('identity_checks').selectAll().where('player_id', '=', playerId);
  if (sinceMs !== undefined) query = query.where('created_at_ms', '>', sinceMs);
  return query.orderBy('id', 'desc').executeTakeFirst();
}

/** An identity check by its provider reference, or undefined. */
export async function findIdentityCheckByReference(db: Db, reference: string): Promise<IdentityCheckRow | undefined> {
  return db.selectFrom('identity_checks').selectAll().where('reference', '=', reference).executeTakeFirst();
}

export async function insertIdentityCheck(db: Db, row: Insertable<IdentityChecksTable>): Promise<void> {
  await db.insertInto('identity_checks').values(row).execute();
}

export async function updateIdentityCheckState(db: Db, id: number, state: string, nowMs: number): Promise<void> {
  await db.updateTable('identity_checks').set({ state, updated_at_ms: nowMs }).where('id', '=', id).execute();
}

/** Records a provider callback's event id; false when it was recorded before (a replay: apply nothing). */
export async function recordIdentityProviderEvent(db: Db, event: { eventId: string; reference: string; receivedAtMs: number }): Promise<boolean> {
  const inserted = await db
    .insertInto('identity_provider_events')
    .values({ event_id: event.eventId, reference: event.reference, received_at_ms: event.receivedAtMs })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}
