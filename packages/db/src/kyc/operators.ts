import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../schema';
import type { OperatorAuditTable, OperatorsTable } from '../tables/kyc';

/** Operators' SQL (docs/kyc-and-redeem.md): accounts, sessions and the append-only audit. */
type Db = Kysely<Database> | Transaction<Database>;

export type OperatorRow = Selectable<OperatorsTable>;
export type OperatorAuditRow = Selectable<OperatorAuditTable>;

/** Writes an operator; answers undefined when the normalized email is taken. */
export async function insertOperator(db: Db, row: Insertable<OperatorsTable>): Promise<OperatorRow | undefined> {
  return db
    .insertInto('operators')
    .values(row)
    .onConflict((oc) => oc.column('email_normalized').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function findOperatorByEmail(db: Db, emailNormalized: string): Promise<OperatorRow | undefined> {
  return db.selectFrom('operators').selectAll().where('email_normalized', '=', emailNormalized).executeTakeFirst();
}

/** Opens a session and drops the expired ones. */
export async function insertOperatorSession(db: Db, session: { tokenHash: string; operatorId: number; nowMs: number; expiresAtMs: number }): Promise<void> {
  await db.insertInto('operator_sessions').values({ token_hash: session.tokenHash, operator_id: session.operatorId, created_at_ms: session.nowMs, expires_at_ms: session.expiresAtMs }).execute();
  await db.deleteFrom('operator_sessions').where('expires_at_ms', '<=', session.nowMs).execute();
}

/** The operator of an unexpired session, or undefined. */
export async function findOperatorBySession(db: Db, tokenHash: string, nowMs: number): Promise<OperatorRow | undefined> {
  return db
    .selectFrom('operator_sessions')
    .innerJoin('operators', 'operators.id', 'operator_sessions.operator_id')
    .selectAll('operators')
    .where('operator_sessions.token_hash', '=', tokenHash)
    .where('operator_sessions.expires_at_ms', '>', nowMs)
    .executeTakeFirst();
}

export async function deleteOperatorSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('operator_sessions').where('token_hash', '=', tokenHash).execute();
}

/** Appends one audit row (in the caller's transaction, so the action and its record commit together). */
export async function insertAudit(db: Db, row: Insertable<OperatorAuditTable>): Promise<void> {
  await db.insertInto('operator_audit').values(row).execute();
}

/** Audit rows newest first, `limit` of them, before id `beforeId` when given. */
export async function listAudit(db: Db, page: { limit: number; beforeId?: number }): Promise<OperatorAuditRow[]> {
  let query = db.selectFrom('operator_audit').selectAll().orderBy('id', 'desc').limit(page.limit);
  if (page.beforeId) query = query.where('id', '<', page.beforeId);
  return query.execute();
}
