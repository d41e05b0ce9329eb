import type { TransactionItem } from '@sweepstack/contracts/cashier/transactions';
import { findPlayerPaymentSummaries } from '@sweepstack/db/cashier/repository';
import { history, type HistoryEntry } from '@sweepstack/db/repositories/ledger/history';
import type { Database } from '@sweepstack/db/schema';
import type { Kysely } from 'kysely';

const PLAY_REASONS = new Set(['game_bet', 'game_win', 'jackpot_contribution', 'jackpot_win']);

/** Fortune Coins in the API: 2 decimals; Gold Coins: whole. */
function coins(entry: HistoryEntry): number {
  return entry.currency === 'FC' ? entry.amount / 100 : entry.amount;
}

function text(value: unknown): string | null {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}

/**
 * The account area's transaction history (docs/cashier.md): the ledger's entries newest first,
 * with a purchase's Gold and Fortune Coin legs as one item (enriched from the payment), consecutive
 * plays of one game session and currency summarized (rounds counted by nonce) as one item, prizes and bonuses, and
 * redemptions with how they ended. Grouping happens within a page.
 */
export async function readTransactions(db: Kysely<Database>, playerId: number, page: { cursor?: number | null; limit?: number }): Promise<{ items: TransactionItem[]; nextCursor: number | null }> {
  const { entries, nextCursor } = await history(db, playerId, page);
  const paymentIds = [...new Set(entries.filter((e) => e.reason === 'purchase').map((e) => text(e.metadata.paymentId)).filter((id): id is string => id !== null))];
  const payments = new Map((await findPlayerPaymentSummaries(db, playerId, paymentIds)).map((p) => [p.id, p]));
  const items: TransactionItem[] = [];
  // Rounds of a play item by nonce: one bet may have two legs (unplayed and redeemable coins).
  const roundKeys = new Map<TransactionItem, Set<string>>();
  const countRound = (item: Extract<TransactionItem, { type: 'play' }>, entry: HistoryEntry) => {
    const keys = roundKeys.get(item) ?? new Set<string>();
    roundKeys.set(item, keys);
    const key = text(entry.metadata.nonce) ?? `transfer-${entry.id}`;
    if (!keys.has(key)) {
      keys.add(key);
      item.rounds += 1;
    }
  };
  for (const entry of entries) {
    const last = items.at(-1);
    if (entry.reason === 'purchase') {
      const paymentId = text(entry.metadata.paymentId);
      if (last?.type === 'purchase' && paymentId !== null && last.paymentId === paymentId) {
        if (entry.currency === 'GC') last.goldCoins += coins(entry);
        else last.fortuneCoins += coins(entry);
        continue;
      }
      const payment = paymentId ? payments.get(paymentId) : undefined;
      items.push({
        type: 'purchase',
        id: entry.id,
        createdAtMs: entry.createdAtMs,
        paymentId,
        packageId: payment?.package_id ?? null,
        amountCents: payment ? Number(payment.amount_cents) : null,
        methodId: payment?.method_id ?? null,
        cardLast4: payment?.card_last4 ?? null,
        goldCoins: entry.currency === 'GC' ? coins(entry) : 0,
        fortuneCoins: entry.currency === 'FC' ? coins(entry) : 0,
      });
    } else if (PLAY_REASONS.has(entry.reason)) {
      const sessionId = text(entry.metadata.sessionId ?? entry.metadata.session ?? entry.metadata.gameSessionId);
      const gameId = text(entry.metadata.gameId);
      const bet = entry.reason === 'game_bet' || entry.reason === 'jackpot_contribution';
      if (last?.type === 'play' && last.currency === entry.currency && last.sessionId === sessionId && last.gameId === gameId) {
        if (bet) last.betTotal += -coins(entry);
        else last.winTotal += coins(entry);
        countRound(last, entry);
        continue;
      }
      const item: Extract<TransactionItem, { type: 'play' }> = { type: 'play', id: entry.id, createdAtMs: entry.createdAtMs, gameId, sessionId, rounds: 0, currency: entry.currency, betTotal: bet ? -coins(entry) : 0, winTotal: bet ? 0 : coins(entry) };
      countRound(item, entry);
      items.push(item);
    } else if (entry.reason === 'redemption') {
      if (entry.status !== 'pending') continue; // its resolution is shown on the pending entry
      items.push({ type: 'redemption', id: entry.id, createdAtMs: entry.createdAtMs, currency: entry.currency, amount: coins(entry), state: entry.resolvedAs === 'posted' ? 'paid' : entry.resolvedAs === 'voided' ? 'returned' : 'pending' });
    } else {
      const type = entry.reason === 'prize' ? 'prize' : entry.reason === 'adjustment' || entry.reason === 'purchase_refund' ? 'adjustment' : 'bonus';
      items.push({ type, id: entry.id, createdAtMs: entry.createdAtMs, reason: entry.reason, currency: entry.currency, amount: coins(entry) });
    }
  }
  return { items, nextCursor };
}
