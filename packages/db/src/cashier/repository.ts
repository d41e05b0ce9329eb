import { PostgresAdapter, type Insertable, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { Database } from '../schema';
import type { CashierPackagesTable, CashierPaymentsTable } from '../tables/cashier';

/** The cashier's SQL (docs/cashier.md): packages, payments, provider webhook events, deposit counters, cooling off. */
type Db = Kysely<Database> | Transaction<Database>;

export type CashierPackage = Selectable<CashierPackagesTable>;
export type CashierPayment = Selectable<CashierPaymentsTable>;

function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** The packages on sale, in their display order. */
export async function listActivePackages(db: Db): Promise<CashierPackage[]> {
  return db.selectFrom('cashier_packages').selectAll().where('active', '=', 1).orderBy('sort_order').orderBy('id').execute();
}

/** A package on sale, or undefined (unknown or withdrawn). */
export async function findActivePackage(db: Db, id: string): Promise<CashierPackage | undefined> {
  return db.selectFrom('cashier_packages').selectAll().where('id', '=', id).where('active', '=', 1).executeTakeFirst();
}

/** One of the player's payments, or undefined (unknown, or another player's). */
export async function findPlayerPayment(db: Db, playerId: number, paymentId: string): Promise<CashierPayment | undefined> {
  return db.selectFrom('cashier_payments').selectAll().where('id', '=', paymentId).where('player_id', '=', playerId).executeTakeFirst();
}

/** The player's payment made with an idempotency key, or undefined. */
export async function findPaymentByIdempotencyKey(db: Db, playerId: number, idempotencyKey: string): Promise<CashierPayment | undefined> {
  return db.selectFrom('cashier_payments').selectAll().where('player_id', '=', playerId).where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
}

/** The player's payments among `paymentIds` (for the transaction history), with what the history shows of them. */
export async function findPlayerPaymentSummaries(db: Db, playerId: number, paymentIds: string[]): Promise<Pick<CashierPayment, 'id' | 'package_id' | 'amount_cents' | 'method_id' | 'card_last4'>[]> {
  if (paymentIds.length === 0) return [];
  return db.selectFrom('cashier_payments').select(['id', 'package_id', 'amount_cents', 'method_id', 'card_last4']).where('id', 'in', paymentIds).where('player_id', '=', playerId).execute();
}

/** When the player's cooling-off period ends (ms), or null when they never took one. */
export async function coolingOffUntilMs(db: Db, playerId: number): Promise<number | null> {
  const row = await db.selectFrom('cashier_cooling_off').select('until_ms').where('player_id', '=', playerId).executeTakeFirst();
  return row ? Number(row.until_ms) : null;
}

/** Inserts a payment row; false when the player's idempotency key was taken meanwhile (nothing written). */
export async function insertPayment(db: Db, row: Insertable<CashierPaymentsTable>): Promise<boolean> {
  const result = await db
    .insertInto('cashier_payments')
    .values(row)
    .onConflict((oc) => oc.columns(['player_id', 'idempotency_key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Changes a payment's columns. */
export async function updatePayment(db: Db, paymentId: string, values: Updateable<CashierPaymentsTable>): Promise<void> {
  await db.updateTable('cashier_payments').set(values).where('id', '=', paymentId).execute();
}

/** A payment by id for a webhook to move, locked until the transaction ends on PostgreSQL. */
export async function findPaymentForUpdate(trx: Transaction<Database>, paymentId: string): Promise<CashierPayment | undefined> {
  let query = trx.selectFrom('cashier_payments').selectAll().where('id', '=', paymentId);
  if (isPostgres(trx)) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Our payments still unsettled and not touched since `updatedBeforeMs`, oldest first (reconciliation). */
export async function listStalePayments(db: Db, updatedBeforeMs: number, limit: number): Promise<Pick<CashierPayment, 'id' | 'status' | 'amount_cents'>[]> {
  return db
    .selectFrom('cashier_payments')
    .select(['id', 'status', 'amount_cents'])
    .where('status', 'in', ['created', 'pending', 'requires_action'])
    .where('updated_at_ms', '<', updatedBeforeMs)
    .orderBy('updated_at_ms')
    .limit(limit)
    .execute();
}

/** Marks a payment as looked at now, unless its status moved meanwhile. */
export async function touchPayment(db: Db, paymentId: string, status: CashierPayment['status'], nowMs: number): Promise<void> {
  await db.updateTable('cashier_payments').set({ updated_at_ms: nowMs }).where('id', '=', paymentId).where('status', '=', status).execute();
}

/** Records a provider event id; false when it was recorded before (a repeat to ignore). */
export async function recordWebhookEvent(db: Db, event: { eventId: string; paymentId: string; type: string; receivedAtMs: number }): Promise<boolean> {
  const result = await db
    .insertInto('cashier_webhook_events')
    .values({ event_id: event.eventId, payment_id: event.paymentId, type: event.type, received_at_ms: event.receivedAtMs })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Counts a completed purchase in the player's deposit counters; answers the player's number of deposits with it. */
export async function countDeposit(db: Db, playerId: number, amountCents: number, nowMs: number): Promise<number> {
  await db
    .insertInto('cashier_player_stats')
    .values({ player_id: playerId, deposits_count: 1, total_cents: amountCents, first_deposit_at_ms: nowMs, last_deposit_at_ms: nowMs })
    .onConflict((oc) =>
      oc.column('player_id').doUpdateSet((eb) => ({
        deposits_count: eb('cashier_player_stats.deposits_count', '+', 1),
        total_cents: eb('cashier_player_stats.total_cents', '+', amountCents),
        last_deposit_at_ms: nowMs,
      })),
    )
    .execute();
  const stats = await db.selectFrom('cashier_player_stats').select('deposits_count').where('player_id', '=', playerId).executeTakeFirstOrThrow();
  return Number(stats.deposits_count);
}
