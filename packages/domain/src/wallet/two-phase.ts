import { DomainError } from '../shared/domain-error';
import type { AccountRef } from './accounts';
import type { TransferStatus } from './transfer-rules';

/** How a pending transfer ends: posted (paid out) or voided (coins back to the player). */
export type PendingResolution = 'post' | 'void';

/** The idempotency key of a pending transfer's resolution (one per pending transfer, ever). */
export function resolutionKey(pendingKey: string, resolution: PendingResolution): string {
  return `${pendingKey}:${resolution}`;
}

/** Where a redemption's held coins go when it is resolved; the hold is always the debit side. */
export function resolutionTarget(resolution: PendingResolution, playerId: number): { to: AccountRef; status: TransferStatus } {
  return resolution === 'post'
    ? { to: { system: 'redemptions' }, status: 'posted' }
    : { to: { playerId, kind: 'player_redeemable' }, status: 'voided' };
}

/**
 * Decides what resolving a pending transfer does given any resolution already written:
 * `apply` when none exists, `replay` when the same resolution exists (return it), and
 * WALLET_TRANSFER_NOT_PENDING when the transfer is not pending or was resolved the other way.
 */
export function decideResolution(
  pendingStatus: TransferStatus,
  existing: { status: TransferStatus } | undefined,
  resolution: PendingResolution,
): 'apply' | 'replay' {
  if (pendingStatus !== 'pending') throw new DomainError('WALLET_TRANSFER_NOT_PENDING', 'this transfer is not a pending transfer');
  if (!existing) return 'apply';
  const wanted: TransferStatus = resolution === 'post' ? 'posted' : 'voided';
  if (existing.status === wanted) return 'replay';
  throw new DomainError('WALLET_TRANSFER_NOT_PENDING', `this transfer was already ${existing.status}`);
}
