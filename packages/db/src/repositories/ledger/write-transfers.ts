import type { Clock } from '@sweepstack/domain/shared/clock';
import { DomainError } from '@sweepstack/domain/shared/domain-error';
import { type AccountRef, type AccountSnapshot, accountRefKey, mayGoNegative, systemAccountShard } from '@sweepstack/domain/wallet/accounts';
import type { Currency } from '@sweepstack/domain/wallet/money';
import { assertFundsAvailable, assertSameTransfer, type TransferStatus, validateTransferAccounts } from '@sweepstack/domain/wallet/transfer-rules';
import type { Transaction } from 'kysely';
import type { Database } from '../../schema';
import { type Statements, statementsOf } from '../../statements';
import type { AccountMap } from './load-accounts';
import { metadataJson, placeholders, toRecord, type TransferRecord, type TransferRequest, type TransferResult, type TransferRow } from './records';

/**
 * Points the system side of a transfer at the shard of the player on the other side (shard 0 between
 * two system accounts), unless the reference names its shard (a redemption's resolution does).
 */
function sharded(request: TransferRequest): TransferRequest {
  const playerId = 'playerId' in request.from ? request.from.playerId : 'playerId' in request.to ? request.to.playerId : null;
  const shard = systemAccountShard(playerId);
  const place = (ref: AccountRef): AccountRef => ('system' in ref ? { system: ref.system, shard: ref.shard ?? shard } : ref);
  return { ...request, from: place(request.from), to: place(request.to) };
}

export interface PlannedTransfer {
  request: TransferRequest;
  status: TransferStatus;
  pendingId: number | null;
}

/** A transfer against loaded accounts: its system side on the player's shard, its accounts, checked. */
export function resolveTransfer(unsharded: TransferRequest, accounts: AccountMap) {
  const request = sharded(unsharded);
  const debit = accounts.get(accountRefKey(request.from, request.currency));
  const credit = accounts.get(accountRefKey(request.to, request.currency));
  if (!debit || !credit) throw new Error(`ledger: accounts of ${request.idempotencyKey} were not loaded`);
  const shape = { ...request, amount: request.amount as number };
  validateTransferAccounts(shape, debit, credit);
  return { request, shape, debit, credit };
}

/** Moves a transfer's amount on the loaded balances (funds checked) and records it for the balance update. */
export function moveBalances(shape: TransferRequest & { amount: number }, debit: AccountSnapshot, credit: AccountSnapshot, moves: BalanceMoves): void {
  assertFundsAvailable(shape, debit);
  debit.balance -= shape.amount;
  credit.balance += shape.amount;
  moves.debit(debit, shape.amount);
  moves.credit(credit, shape.amount);
}

/** Writes transfers in order against loaded accounts; the caller provides atomicity. */
export async function writeTransfers(trx: Transaction<Database>, planned: PlannedTransfer[], accounts: AccountMap, clock: Clock): Promise<TransferResult[]> {
  const statements = statementsOf(trx);
  const createdAtMs = clock.nowMs();
  const rows = planned.map(({ request, status, pendingId }) => ({ ...resolveTransfer(request, accounts), status, pendingId, metadata: metadataJson(request.metadata) }));
  // Claim the keys first, all in one statement: a replay is recognised before any balance check, so
  // a retry after the coins were spent still answers the first result. Rows get their ids in the
  // order given (the audit replays a player's history in id order).
  const params: unknown[] = [];
  for (const r of rows) params.push(r.request.idempotencyKey, r.debit.id, r.credit.id, r.request.currency, r.shape.amount, r.request.reason, r.metadata, r.status, r.pendingId, createdAtMs);
  const inserted = await statements.all<{ id: number; idempotency_key: string }>(
    `insert into ledger_transfers (idempotency_key, debit_account_id, credit_account_id, currency, amount, reason, metadata_json, status, pending_id, created_at_ms)
      values ${rows.length === 1 ? TRANSFER_VALUES : Array.from({ length: rows.length }, () => TRANSFER_VALUES).join(', ')}
      on conflict (idempotency_key) do nothing returning id, idempotency_key`,
    params,
  );
  const idOf = new Map(inserted.map((row) => [row.idempotency_key, Number(row.id)]));
  const results: TransferResult[] = [];
  const moves = new BalanceMoves();
  for (const { request, shape, debit, credit, status, pendingId, metadata } of rows) {
    const id = idOf.get(request.idempotencyKey);
    // A key given twice in one call is written once; the second is its replay.
    if (id !== undefined) idOf.delete(request.idempotencyKey);
    else {
      const [first] = await statements.all<TransferRow>('select * from ledger_transfers where idempotency_key = ?', [request.idempotencyKey]);
      if (!first) throw new Error(`ledger: transfer ${request.idempotencyKey} conflicted but cannot be read`);
      const record = toRecord(first);
      assertSameTransfer(record, { debitAccountId: debit.id, creditAccountId: credit.id, currency: request.currency, amount: shape.amount, reason: request.reason, status }, request.idempotencyKey);
      results.push({ transfer: record, replayed: true });
      continue;
    }
    moveBalances(shape, debit, credit, moves);
    // The row as written (nothing to read back: the values are ours, the id came with RETURNING).
    const transfer: TransferRecord = {
      id,
      idempotencyKey: request.idempotencyKey,
      debitAccountId: debit.id,
      creditAccountId: credit.id,
      currency: request.currency,
      amount: shape.amount,
      reason: request.reason,
      status,
      pendingId,
      metadata: JSON.parse(metadata) as Record<string, unknown>,
      createdAtMs,
    };
    results.push({ transfer, replayed: false });
  }
  await moves.apply(statements);
  return results;
}

export const TRANSFER_VALUES = '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)';

/**
 * The balance changes of the transfers of one operation, written by one guarded UPDATE. Each account
 * changes by the sum of its movements; an account that may not go negative is updated only if its
 * stored balance covers the deepest point its movements reach in order (a bet before the win that
 * follows it must be covered on its own). The domain checked the same on the loaded balances; the
 * database checks it again: a row left unchanged means the funds are not there.
 */
export class BalanceMoves {
  private readonly accounts = new Map<number, { delta: number; need: number; guarded: boolean }>();

  private entry(account: AccountSnapshot) {
    let entry = this.accounts.get(account.id);
    if (!entry) {
      entry = { delta: 0, need: 0, guarded: !mayGoNegative(account.kind) };
      this.accounts.set(account.id, entry);
    }
    return entry;
  }

  debit(account: AccountSnapshot, amount: number): void {
    const entry = this.entry(account);
    entry.delta -= amount;
    entry.need = Math.max(entry.need, -entry.delta);
  }

  credit(account: AccountSnapshot, amount: number): void {
    this.entry(account).delta += amount;
  }

  /**
   * Writes the changes by one UPDATE per `perStatement` accounts, whose SQL text depends only on the
   * number of accounts (SQLite reuses its prepared statement): a row changes only if its stored
   * balance is at least its floor: for an account that may not go negative, the deepest point its
   * movements reach in order; otherwise (or when it only receives) the lowest safe integer, no floor.
   */
  async apply(statements: Statements, perStatement = Number.POSITIVE_INFINITY): Promise<void> {
    const entries = [...this.accounts];
    for (let start = 0; start < entries.length; start += perStatement) await BalanceMoves.update(statements, entries.slice(start, start + perStatement));
  }

  private static async update(statements: Statements, entries: [number, { delta: number; need: number; guarded: boolean }][]): Promise<void> {
    const whens = entries.map(() => 'when ? then cast(? as bigint)').join(' ');
    const ids = entries.map(([id]) => id);
    const changed = await statements.run(`update ledger_accounts set balance = balance + case id ${whens} end where id in (${placeholders(ids.length)}) and balance >= case id ${whens} end`, [
      ...entries.flatMap(([id, { delta }]) => [id, delta]),
      ...ids,
      ...entries.flatMap(([id, { need, guarded }]) => [id, guarded && need > 0 ? need : Number.MIN_SAFE_INTEGER]),
    ]);
    if (changed !== ids.length) throw new DomainError('WALLET_INSUFFICIENT_FUNDS', `accounts ${ids.join(', ')} cannot pay these transfers`);
  }
}

export function refsOf(planned: PlannedTransfer[]): { ref: AccountRef; currency: Currency }[] {
  return planned.flatMap(({ request: unsharded }) => {
    const request = sharded(unsharded);
    return [
      { ref: request.from, currency: request.currency },
      { ref: request.to, currency: request.currency },
    ];
  });
}
