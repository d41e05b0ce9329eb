import { systemClock } from '@sweepstack/domain/shared/clock';
import { DomainError } from '@sweepstack/domain/shared/domain-error';
import { type AccountRef, systemAccountShard } from '@sweepstack/domain/wallet/accounts';
import type { LedgerAmount } from '@sweepstack/domain/wallet/money';
import { decideResolution, type PendingResolution, resolutionKey, resolutionTarget } from '@sweepstack/domain/wallet/two-phase';
import { ledgerAtomic } from './atomic';
import { loadAccounts } from './load-accounts';
import { type LedgerDb, type LedgerOptions, toRecord, type TransferRequest, type TransferResult } from './records';
import { applyPlanned } from './transfers';
import { refsOf, writeTransfers } from './write-transfers';

export interface PendingRequest {
  idempotencyKey: string;
  playerId: number;
  amount: LedgerAmount | number;
  metadata?: Record<string, unknown>;
}

/** Holds a redemption: redeemable Fortune Coins move into the hold account (status `pending`). */
export async function createPending(db: LedgerDb, request: PendingRequest, options: LedgerOptions = {}): Promise<TransferResult> {
  const [result] = await applyPlanned(
    db,
    [
      {
        request: { idempotencyKey: request.idempotencyKey, from: { playerId: request.playerId, kind: 'player_redeemable' }, to: { system: 'redemption_holds' }, currency: 'FC', amount: request.amount, reason: 'redemption', metadata: request.metadata },
        status: 'pending',
        pendingId: null,
      },
    ],
    options,
  );
  return result!;
}

async function resolvePending(db: LedgerDb, pendingId: number, resolution: PendingResolution, options: LedgerOptions & { metadata?: Record<string, unknown> }): Promise<TransferResult> {
  const clock = options.clock ?? systemClock;
  if (!Number.isSafeInteger(pendingId)) throw new DomainError('WALLET_TRANSFER_NOT_PENDING', 'invalid transfer id');
  return ledgerAtomic(db, async (trx) => {
    const pendingRow = await trx.selectFrom('ledger_transfers').selectAll().where('id', '=', pendingId).executeTakeFirst();
    if (!pendingRow) throw new DomainError('WALLET_TRANSFER_NOT_PENDING', `no transfer ${pendingId}`);
    const pending = toRecord(pendingRow);
    const owner = await trx.selectFrom('ledger_accounts').select('owner_player_id').where('id', '=', pending.debitAccountId).executeTakeFirstOrThrow();
    if (pending.status !== 'pending' || owner.owner_player_id === null) throw new DomainError('WALLET_TRANSFER_NOT_PENDING', `transfer ${pendingId} is not a pending transfer`);
    const playerId = Number(owner.owner_player_id);
    const target = resolutionTarget(resolution, playerId);
    // The held coins sit in the player's shard of the hold; the payout lands in the same shard.
    const shard = systemAccountShard(playerId);
    const to: AccountRef = 'system' in target.to ? { system: target.to.system, shard } : target.to;
    const request: TransferRequest = { idempotencyKey: resolutionKey(pending.idempotencyKey, resolution), from: { system: 'redemption_holds', shard }, to, currency: pending.currency, amount: pending.amount, reason: pending.reason, metadata: options.metadata };
    const accounts = await loadAccounts(trx, refsOf([{ request, status: target.status, pendingId }]), clock);
    // Read after the locks: a concurrent resolution of the same transfer has committed by now.
    const existing = await trx.selectFrom('ledger_transfers').selectAll().where('pending_id', '=', pendingId).executeTakeFirst();
    if (decideResolution(pending.status, existing, resolution) === 'replay') return { transfer: toRecord(existing!), replayed: true };
    const [result] = await writeTransfers(trx, [{ request, status: target.status, pendingId }], accounts, clock);
    return result!;
  });
}

/** Completes a held redemption: the held coins move to the redemptions account (paid out). */
export function postPending(db: LedgerDb, pendingId: number, options: LedgerOptions & { metadata?: Record<string, unknown> } = {}): Promise<TransferResult> {
  return resolvePending(db, pendingId, 'post', options);
}

/** Cancels a held redemption (rejected or cancelled): the coins return to the player's winnings. */
export function voidPending(db: LedgerDb, pendingId: number, options: LedgerOptions & { metadata?: Record<string, unknown> } = {}): Promise<TransferResult> {
  return resolvePending(db, pendingId, 'void', options);
}
