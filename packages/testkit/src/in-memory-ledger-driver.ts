import { InMemoryLedger } from '@sweepstack/domain/wallet/in-memory-ledger';
import { playerCreditKind } from '@sweepstack/domain/wallet/transfer-rules';
import type { LedgerDriver } from './ledger-scenarios';

/** Drives the in-memory reference ledger with the scenario runner's operations. */
export function inMemoryLedgerDriver(ledger: InMemoryLedger = new InMemoryLedger()): LedgerDriver & { ledger: InMemoryLedger } {
  return {
    ledger,
    purchase: async (playerId, key, gc, fcCents) =>
      ledger
        .transferMany([
          { idempotencyKey: `${key}:GC`, from: { system: 'purchases' }, to: { playerId, kind: 'player_balance' }, currency: 'GC', amount: gc, reason: 'purchase' },
          { idempotencyKey: `${key}:FC`, from: { system: 'purchases' }, to: { playerId, kind: 'player_unplayed' }, currency: 'FC', amount: fcCents, reason: 'purchase' },
        ])
        .map((r) => r.transfer.id),
    credit: async (playerId, key, currency, amount, reason) => [
      ledger.transfer({ idempotencyKey: key, from: { system: reason === 'prize' ? 'prizes' : 'game_play' }, to: { playerId, kind: playerCreditKind(currency, reason) }, currency, amount, reason }).transfer.id,
    ],
    play: async (playerId, key, currency, amount) => ledger.play({ idempotencyKey: key, playerId, currency, amount }).legs.map((l) => l.id),
    hold: async (playerId, key, amount) => [ledger.createPending({ idempotencyKey: key, playerId, amount }).transfer.id],
    resolve: async (pendingId, action) => [(action === 'post' ? ledger.postPending(pendingId) : ledger.voidPending(pendingId)).transfer.id],
    balances: async (playerId) => ledger.balances(playerId),
  };
}
