import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { Database } from '../schema';
import type { RedemptionsTable } from '../tables/kyc';

/** Redemptions' SQL (docs/kyc-and-redeem.md); the coins themselves move through the ledger's two-phase transfers. */
type Db = Kysely<Database> | Transaction<Database>;

export type RedemptionRow = Selectable<RedemptionsTable>;
export type RedemptionStatus = RedemptionRow['status'];

/** The redemption placed with a ledger key (`redeem:<playerId>:<client key>`), or undefined. */
export async function findRedemptionByKey(db: Db, idempotencyKey: string): Promise<RedemptionRow | undefined> {
  return db.selectFrom('redemptions').selectAll().where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
}

/** The redemption that holds the ledger's pending transfer `pendingTransferId`, or undefined. */
export async function findRedemptionByPendingTransfer(db: Db, pendingTransferId: number): Promise<RedemptionRow | undefined> {
  return db.selectFrom('redemptions').selectAll().where('pending_transfer_id', '=', pendingTransferId).executeTakeFirst();
}

/** A redemption by id, or undefined; with `playerId`, only if it is that player's. */
export async function findRedemption(db: Db, id: number, playerId?: number): Promise<RedemptionRow | undefined> {
  let query = db.selectFrom('redemptions').selectAll().where('id', '=', id);
  if (playerId !== undefined) query = query.where('player_id', '=', playerId);
  return query.executeTakeFirst();
}

/** Writes a new redemption; answers the row as stored. */
export async function insertRedemption(db: Db, row: Insertable<RedemptionsTable>): Promise<RedemptionRow> {
  return db.insertInto('redemptions').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Ends a pending redemption; answers the row after, or undefined when it was no longer pending (another resolution won). */
export async function resolvePendingRedemption(db: Db, id: number, values: Updateable<RedemptionsTable>): Promise<RedemptionRow | undefined> {
  return db.updateTable('redemptions').set(values).where('id', '=', id).where('status', '=', 'pending').returningAll().executeTakeFirst();
}

/** A player's latest redemptions (at most 100), newest first. */
export async function listPlayerRedemptions(db: Db, playerId: number): Promise<RedemptionRow[]> {
  return db.selectFrom('redemptions').selectAll().where('player_id', '=', playerId).orderBy('id', 'desc').limit(100).execute();
}

/** Redemptions in one status (or all), oldest first, at most 200 (the operator's queue). */
export async function listRedemptionsByStatus(db: Db, status: RedemptionStatus | 'all'): Promise<RedemptionRow[]> {
  let query = db.selectFrom('redemptions').selectAll().orderBy('id', 'asc').limit(200);
  if (status !== 'all') query = query.where('status', '=', status);
  return query.execute();
}
