import { getPlayerBalance } from '@sweepstack/db/repositories/ledger/balances';
import type { LedgerDb } from '@sweepstack/db/repositories/ledger/records';
import type { Clock } from '@sweepstack/domain/shared/clock';
import { recordPush } from './push';

export const BALANCE_CHANGED_EVENT = 'wallet.balance-changed';

/**
 * For the cashier and games: call at the end of a transaction that moved the player's coins. Reads
 * the balances as that transaction will commit them and records a `balance` push (and a
 * `wallet.balance-changed` event for handlers) in it. Concurrent movements of one player serialize on
 * the ledger rows, so the last push a tab receives carries the latest balances.
 */
export async function recordBalanceChanged(trx: LedgerDb, playerId: number, options: { clock?: Clock; reason?: string } = {}): Promise<number> {
  const balance = await getPlayerBalance(trx, playerId);
  return recordPush(
    trx,
    {
      eventType: BALANCE_CHANGED_EVENT,
      playerId,
      push: { type: 'balance', action: 'update', data: { entries: balance.entries, winnings: balance.winnings, tourPoints: balance.tourPoints, coins: balance.coins } },
      payload: { reason: options.reason ?? null, unplayed: balance.unplayed },
    },
    options,
  );
}
