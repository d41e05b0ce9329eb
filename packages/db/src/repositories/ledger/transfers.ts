import { systemClock } from '@sweepstack/domain/shared/clock';
import { validateTransferShape } from '@sweepstack/domain/wallet/transfer-rules';
import { ledgerAtomic } from './atomic';
import { loadAccounts } from './load-accounts';
import type { LedgerDb, LedgerOptions, TransferRequest, TransferResult } from './records';
import { type PlannedTransfer, refsOf, writeTransfers } from './write-transfers';

export async function applyPlanned(db: LedgerDb, planned: PlannedTransfer[], options: LedgerOptions): Promise<TransferResult[]> {
  for (const { request } of planned) validateTransferShape(request as TransferRequest & { amount: number });
  const clock = options.clock ?? systemClock;
  return ledgerAtomic(db, async (trx) => writeTransfers(trx, planned, await loadAccounts(trx, refsOf(planned), clock), clock), { planned, clock });
}

/** Moves coins between two accounts; a retried key answers the first result and changes nothing. */
export async function transfer(db: LedgerDb, request: TransferRequest, options: LedgerOptions = {}): Promise<TransferResult> {
  const [result] = await applyPlanned(db, [{ request, status: 'posted', pendingId: null }], options);
  return result!;
}

/** Several transfers in one transaction: all are written or none. */
export async function transferMany(db: LedgerDb, requests: TransferRequest[], options: LedgerOptions = {}): Promise<TransferResult[]> {
  if (requests.length === 0) return [];
  return applyPlanned(
    db,
    requests.map((request) => ({ request, status: 'posted', pendingId: null })),
    options,
  );
}
