import type { Clock } from '@sweepstack/domain/shared/clock';
import { DomainError } from '@sweepstack/domain/shared/domain-error';
import type { AccountRef, AccountSnapshot } from '@sweepstack/domain/wallet/accounts';
import type { LedgerTransferRow } from '@sweepstack/domain/wallet/in-memory-ledger';
import type { Currency, LedgerAmount } from '@sweepstack/domain/wallet/money';
import type { ReasonCode } from '@sweepstack/domain/wallet/transfer-rules';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../schema';
import type { LedgerAccountsTable, LedgerTransfersTable } from '../../tables/ledger';

/**
 * The double-entry ledger (DESIGN.md rule 2, docs/wallet-ledger.md). Every function takes either the
 * database or a caller's transaction: with a transaction, the ledger's writes join it (inside a
 * savepoint, so a refused transfer leaves the caller's other writes usable); otherwise the function
 * runs its own transaction.
 */
export type LedgerDb = Kysely<Database> | Transaction<Database>;

export interface LedgerOptions {
  clock?: Clock;
}

/** One transfer between two accounts of one currency. */
export interface TransferRequest {
  idempotencyKey: string;
  from: AccountRef;
  to: AccountRef;
  currency: Currency;
  amount: LedgerAmount | number;
  reason: ReasonCode;
  metadata?: Record<string, unknown>;
}

/** A stored transfer: the domain's transfer row plus when it was written. */
export interface TransferRecord extends LedgerTransferRow {
  createdAtMs: number;
}

/** A transfer as written; `replayed` when the key had been used and the first result is returned. */
export interface TransferResult {
  transfer: TransferRecord;
  replayed: boolean;
}

export type LedgerAccount = Selectable<LedgerAccountsTable>;
export type TransferRow = Selectable<LedgerTransfersTable>;

const METADATA_MAX_CHARS = 8_000;

export function toRecord(row: TransferRow): TransferRecord {
  return {
    id: Number(row.id),
    idempotencyKey: row.idempotency_key,
    debitAccountId: Number(row.debit_account_id),
    creditAccountId: Number(row.credit_account_id),
    currency: row.currency,
    amount: Number(row.amount),
    reason: row.reason,
    status: row.status,
    pendingId: row.pending_id === null ? null : Number(row.pending_id),
    metadata: JSON.parse(row.metadata_json) as Record<string, unknown>,
    createdAtMs: Number(row.created_at_ms),
  };
}

export function toSnapshot(row: LedgerAccount): AccountSnapshot {
  return { id: Number(row.id), ownerPlayerId: row.owner_player_id === null ? null : Number(row.owner_player_id), currency: row.currency, kind: row.kind, balance: Number(row.balance) };
}

export function metadataJson(metadata: Record<string, unknown> | undefined): string {
  if (metadata !== undefined && (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata))) {
    throw new DomainError('VALIDATION_FAILED', 'transfer metadata must be an object', { metadata: 'Must be an object' });
  }
  const json = JSON.stringify(metadata ?? {});
  if (json.length > METADATA_MAX_CHARS) throw new DomainError('VALIDATION_FAILED', 'transfer metadata is too large', { metadata: 'Too large' });
  return json;
}

export function placeholders(count: number): string {
  return count === 1 ? '?' : Array.from({ length: count }, () => '?').join(', ');
}
