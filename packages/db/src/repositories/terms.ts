import type { Kysely, Selectable, Transaction } from 'kysely';
import { preparedQuery } from '../prepared-query';
import type { Database } from '../schema';
import type { TermsDocumentsTable } from '../tables/auth';

type Db = Kysely<Database> | Transaction<Database>;
export type TermsDocument = Selectable<TermsDocumentsTable>;

export async function listTermsDocuments(db: Db): Promise<TermsDocument[]> {
  return db.selectFrom('terms_documents').selectAll().orderBy('id').execute();
}

const selectUnconfirmedTerms = preparedQuery((db, playerId: number) =>
  db
    .selectFrom('terms_documents as d')
    .select(['d.id', 'd.key'])
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('terms_acceptances as a')
            .select('a.id')
            .whereRef('a.document_id', '=', 'd.id')
            .whereRef('a.version', '=', 'd.version')
            .where('a.player_id', '=', playerId),
        ),
      ),
    )
    .orderBy('d.id'),
);

/**
 * Documents whose current version the player has not confirmed, in id order. Runs on every signed-in
 * app init, so it is compiled once per handle; it reads the documents themselves (no cache), so a
 * new version is required at once.
 */
export async function unconfirmedTerms(db: Db, playerId: number): Promise<Array<{ id: number; key: string }>> {
  return selectUnconfirmedTerms(db, playerId);
}

export async function findTermsDocuments(db: Db, ids: readonly number[]): Promise<TermsDocument[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('terms_documents').selectAll().where('id', 'in', [...ids]).execute();
}

export async function insertTermsLog(db: Db, playerId: number, documents: readonly TermsDocument[], nowMs: number): Promise<void> {
  if (documents.length === 0) return;
  await db
    .insertInto('terms_log')
    .values(documents.map((d) => ({ player_id: playerId, document_id: d.id, version: d.version, shown_at_ms: nowMs })))
    .execute();
}

/** Records acceptance of the documents' current versions (accepting twice changes nothing). */
export async function insertTermsAcceptances(db: Db, playerId: number, documents: readonly TermsDocument[], nowMs: number): Promise<void> {
  if (documents.length === 0) return;
  await db
    .insertInto('terms_acceptances')
    .values(documents.map((d) => ({ player_id: playerId, document_id: d.id, version: d.version, accepted_at_ms: nowMs })))
    .onConflict((oc) => oc.columns(['player_id', 'document_id', 'version']).doNothing())
    .execute();
}
