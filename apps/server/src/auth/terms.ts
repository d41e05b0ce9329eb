import { AppError } from '@sweepstack/contracts/errors';
import type { TermsRequirement } from '@sweepstack/contracts/terms/terms';
import type { Database } from '@sweepstack/db/schema';
import { findTermsDocuments, insertTermsAcceptances, insertTermsLog, unconfirmedTerms, type TermsDocument } from '@sweepstack/db/repositories/terms';
import type { Kysely } from 'kysely';

/** Terms documents whose current version the player has not confirmed (app init's termsRequirement). */
export function termsRequirement(db: Kysely<Database>, playerId: number): Promise<TermsRequirement[]> {
  return unconfirmedTerms(db, playerId);
}

async function documentsOrFail(db: Kysely<Database>, ids: readonly number[]): Promise<TermsDocument[]> {
  const unique = [...new Set(ids)];
  const documents = await findTermsDocuments(db, unique);
  if (documents.length !== unique.length) throw new AppError('TERMS_UNKNOWN');
  return documents;
}

/** Records that the documents were shown to the player. Unknown ids: TERMS_UNKNOWN, nothing written. */
export async function logTermsShown(db: Kysely<Database>, playerId: number, ids: readonly number[], nowMs: number): Promise<void> {
  await insertTermsLog(db, playerId, await documentsOrFail(db, ids), nowMs);
}

/** Confirms the current versions of the documents. Unknown ids: TERMS_UNKNOWN, nothing written. */
export async function confirmTerms(db: Kysely<Database>, playerId: number, ids: readonly number[], nowMs: number): Promise<void> {
  await insertTermsAcceptances(db, playerId, await documentsOrFail(db, ids), nowMs);
}
