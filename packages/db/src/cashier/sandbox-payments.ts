import { PostgresAdapter, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { Database } from '../schema';
import type { SandboxPaymentsTable } from '../tables/cashier';

/** The sandbox payment provider's own SQL: its payments stand in for the external card network's. */
type Db = Kysely<Database> | Transaction<Database>;

export type SandboxPaymentRow = Selectable<SandboxPaymentsTable>;

/** The provider's payment for a merchant reference, or undefined. */
export async function findSandboxPaymentByReference(db: Db, reference: string): Promise<SandboxPaymentRow | undefined> {
  return db.selectFrom('sandbox_payments').selectAll().where('reference', '=', reference).executeTakeFirst();
}

/** The provider's payment by its id; with `forUpdate`, locked until the transaction ends on PostgreSQL. */
export async function findSandboxPayment(db: Db, id: string, options: { forUpdate?: boolean } = {}): Promise<SandboxPaymentRow | undefined> {
  let query = db.selectFrom('sandbox_payments').selectAll().where('id', '=', id);
  if (options.forUpdate && db.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Inserts a payment; false when its reference was taken meanwhile (nothing written). */
export async function insertSandboxPayment(db: Db, row: SandboxPaymentRow): Promise<boolean> {
  const result = await db.insertInto('sandbox_payments').values(row).onConflict((oc) => oc.column('reference').doNothing()).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Changes a payment's columns. */
export async function updateSandboxPayment(db: Db, id: string, values: Updateable<SandboxPaymentsTable>): Promise<void> {
  await db.updateTable('sandbox_payments').set(values).where('id', '=', id).execute();
}
