import type { PlayerAccountKind } from '@sweepstack/domain/wallet/accounts';
import type { Currency } from '@sweepstack/domain/wallet/money';
import type { ReasonCode, TransferStatus } from '@sweepstack/domain/wallet/transfer-rules';
import { type LedgerDb, toRecord } from './records';


export interface HistoryEntry {
  id: number;
  createdAtMs: number;
  currency: Currency;
  /** Signed from the player's side: positive credits, negative debits. */
  amount: number;
  /** The player sub-account the entry moved. */
  account: PlayerAccountKind;
  reason: ReasonCode;
  status: TransferStatus;
  pendingId: number | null;
  /** For a pending redemption: how it ended (`posted` paid out, `voided` returned), or null while pending. */
  resolvedAs: 'posted' | 'voided' | null;
  metadata: Record<string, unknown>;
}

/** A player's ledger entries, newest first; pass `nextCursor` back for the next page. */
export async function history(db: LedgerDb, playerId: number, page: { cursor?: number | null; limit?: number } = {}): Promise<{ entries: HistoryEntry[]; nextCursor: number | null }> {
  const limit = Math.min(Math.max(Math.trunc(page.limit ?? 50), 1), 200);
  const accounts = await db.selectFrom('ledger_accounts').select(['id', 'kind']).where('owner_player_id', '=', playerId).execute();
  if (accounts.length === 0) return { entries: [], nextCursor: null };
  const kinds = new Map(accounts.map((a) => [Number(a.id), a.kind as PlayerAccountKind]));
  const ids = [...kinds.keys()];
  let query = db
    .selectFrom('ledger_transfers')
    .selectAll()
    .where((eb) => eb.or([eb('debit_account_id', 'in', ids), eb('credit_account_id', 'in', ids)]))
    .orderBy('id', 'desc')
    .limit(limit + 1);
  if (page.cursor !== undefined && page.cursor !== null) query = query.where('id', '<', page.cursor);
  const rows = (await query.execute()).map(toRecord);
  const pendingIds = rows.filter((t) => t.status === 'pending').map((t) => t.id);
  const resolutions = new Map<number, 'posted' | 'voided'>();
  if (pendingIds.length > 0) {
    const resolved = await db.selectFrom('ledger_transfers').select(['pending_id', 'status']).where('pending_id', 'in', pendingIds).execute();
    for (const r of resolved) resolutions.set(Number(r.pending_id), r.status === 'voided' ? 'voided' : 'posted');
  }
  const entries = rows.slice(0, limit).map((t): HistoryEntry => {
    const credited = kinds.has(t.creditAccountId);
    return {
      id: t.id,
      createdAtMs: t.createdAtMs,
      currency: t.currency,
      amount: credited ? t.amount : -t.amount,
      account: kinds.get(credited ? t.creditAccountId : t.debitAccountId)!,
      reason: t.reason,
      status: t.status,
      pendingId: t.pendingId,
      resolvedAs: t.status === 'pending' ? (resolutions.get(t.id) ?? null) : null,
      metadata: t.metadata,
    };
  });
  return { entries, nextCursor: rows.length > limit ? (entries.at(-1)?.id ?? null) : null };
}
