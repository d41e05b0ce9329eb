import type { AccountKind } from '@sweepstack/domain/wallet/accounts';
import type { Currency } from '@sweepstack/domain/wallet/money';
import type { ReasonCode, TransferStatus } from '@sweepstack/domain/wallet/transfer-rules';
import type { Generated } from 'kysely';

/** A ledger account: a player's sub-account (owner set) or a system account (code set). */
export interface LedgerAccountsTable {
  id: Generated<number>;
  owner_player_id: number | null;
  /** `FC:redemption_holds` etc. for system accounts; null for player accounts. */
  code: string | null;
  currency: Currency;
  kind: AccountKind;
  /** Cached sum of credits minus debits, kept in the same transaction as each transfer. */
  balance: number;
  created_at_ms: number;
}

/** One append-only double-entry movement between two accounts of one currency. */
export interface LedgerTransfersTable {
  id: Generated<number>;
  idempotency_key: string;
  debit_account_id: number;
  credit_account_id: number;
  currency: Currency;
  amount: number;
  reason: ReasonCode;
  metadata_json: Generated<string>;
  status: TransferStatus;
  /** For the row that posts or voids a pending transfer: that transfer's id. */
  pending_id: number | null;
  created_at_ms: number;
}

export interface LedgerTables {
  ledger_accounts: LedgerAccountsTable;
  ledger_transfers: LedgerTransfersTable;
}
