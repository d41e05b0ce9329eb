import { sql } from 'kysely';
import { dropAppendOnlyFunction, isPostgres, makeAppendOnly, type AnyDb } from '../migration-support';

// SQLite ids: a plain INTEGER PRIMARY KEY (rowid), without AUTOINCREMENT, which would write the
// sqlite_sequence table on every insert. Rows of these tables are never deleted, so ids still only grow.

const PLAYER_KINDS = "('player_balance', 'player_unplayed', 'player_redeemable')";

/**
 * The double-entry ledger (docs/wallet-ledger.md): accounts with cached balances and append-only
 * transfers. Player accounts (and the redemption hold) may not go negative: the write checks it
 * (`balance >= amount`) and a CHECK constraint backs it up.
 */
export async function up(db: AnyDb): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable('ledger_accounts')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => c.primaryKey())
    .addColumn('owner_player_id', 'integer', (c) => c.references('players.id').onDelete('restrict'))
    .addColumn('code', 'varchar(64)', (c) => c.unique())
    .addColumn('currency', 'varchar(2)', (c) => c.notNull())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('ledger_accounts_owner_currency_kind', ['owner_player_id', 'currency', 'kind'])
    .addCheckConstraint('ledger_accounts_currency', sql`currency in ('GC', 'FC')`)
    .addCheckConstraint('ledger_accounts_owner_or_code', sql`(owner_player_id is null) = (code is not null)`)
    .addCheckConstraint('ledger_accounts_player_kinds', sql`(owner_player_id is null) = (kind not in ${sql.raw(PLAYER_KINDS)})`)
    .addCheckConstraint('ledger_accounts_not_negative', sql`balance >= 0 or (kind not in ${sql.raw(PLAYER_KINDS)} and kind <> 'redemption_holds')`)
    .execute();

  await db.schema
    .createTable('ledger_transfers')
    .addColumn('id', pg ? 'bigserial' : 'integer', (c) => c.primaryKey())
    .addColumn('idempotency_key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('debit_account_id', 'integer', (c) => c.notNull().references('ledger_accounts.id'))
    .addColumn('credit_account_id', 'integer', (c) => c.notNull().references('ledger_accounts.id'))
    .addColumn('currency', 'varchar(2)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'varchar(32)', (c) => c.notNull())
    .addColumn('metadata_json', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('pending_id', 'bigint', (c) => c.references('ledger_transfers.id'))
    .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
    .addCheckConstraint('ledger_transfers_amount_positive', sql`amount > 0`)
    .addCheckConstraint('ledger_transfers_distinct_accounts', sql`debit_account_id <> credit_account_id`)
    .addCheckConstraint('ledger_transfers_status', sql`status in ('posted', 'pending', 'voided')`)
    // A pending row resolves nothing; a voided row always resolves a pending one; a posted row may.
    .addCheckConstraint('ledger_transfers_resolution', sql`(status <> 'pending' or pending_id is null) and (status <> 'voided' or pending_id is not null)`)
    .execute();
  await db.schema.createIndex('ledger_transfers_debit').on('ledger_transfers').columns(['debit_account_id', 'id']).execute();
  await db.schema.createIndex('ledger_transfers_credit').on('ledger_transfers').columns(['credit_account_id', 'id']).execute();
  // A pending transfer is resolved at most once. Partial, so that the many rows without pending_id
  // add nothing to this index.
  await db.schema
    .createIndex('ledger_transfers_pending_id')
    .on('ledger_transfers')
    .column('pending_id')
    .unique()
    .where(sql.ref('pending_id'), 'is not', null)
    .execute();

  // Append-only: a transfer row is never changed or removed; corrections are new transfers.
  await makeAppendOnly(db, 'ledger_transfers', 'no_update');
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('ledger_transfers').execute();
  await db.schema.dropTable('ledger_accounts').execute();
  await dropAppendOnlyFunction(db, 'ledger_transfers');
}
