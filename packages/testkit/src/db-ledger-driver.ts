import { getPlayerBalance } from '@sweepstack/db/repositories/ledger/balances';
import { play } from '@sweepstack/db/repositories/ledger/plays';
import type { LedgerDb } from '@sweepstack/db/repositories/ledger/records';
import { transfer, transferMany } from '@sweepstack/db/repositories/ledger/transfers';
import { createPending, postPending, voidPending } from '@sweepstack/db/repositories/ledger/two-phase';
import { playerCreditKind } from '@sweepstack/domain/wallet/transfer-rules';
import type { LedgerDriver } from './ledger-scenarios';

/**
 * Drives the database ledger with the scenario runner's operations. `players` maps the scenario's
 * player numbers to real player ids and `keyPrefix` makes keys unique (each scenario runs on fresh
 * players of a shared database).
 */
export function dbLedgerDriver(db: LedgerDb, players: Map<number, number>, keyPrefix = ''): LedgerDriver {
  const id = (player: number) => {
    const real = players.get(player);
    if (real === undefined) throw new Error(`no player for ${player}`);
    return real;
  };
  return {
    purchase: async (player, key, gc, fcCents) =>
      (
        await transferMany(db, [
          { idempotencyKey: `${keyPrefix}${key}:GC`, from: { system: 'purchases' }, to: { playerId: id(player), kind: 'player_balance' }, currency: 'GC', amount: gc, reason: 'purchase' },
          { idempotencyKey: `${keyPrefix}${key}:FC`, from: { system: 'purchases' }, to: { playerId: id(player), kind: 'player_unplayed' }, currency: 'FC', amount: fcCents, reason: 'purchase' },
        ])
      ).map((r) => r.transfer.id),
    credit: async (player, key, currency, amount, reason) => [
      (await transfer(db, { idempotencyKey: `${keyPrefix}${key}`, from: { system: reason === 'prize' ? 'prizes' : 'game_play' }, to: { playerId: id(player), kind: playerCreditKind(currency, reason) }, currency, amount, reason })).transfer.id,
    ],
    play: async (player, key, currency, amount) => (await play(db, { idempotencyKey: `${keyPrefix}${key}`, playerId: id(player), currency, amount })).legs.map((l) => l.id),
    hold: async (player, key, amount) => [(await createPending(db, { idempotencyKey: `${keyPrefix}${key}`, playerId: id(player), amount })).transfer.id],
    resolve: async (pendingId, action) => [(await (action === 'post' ? postPending(db, pendingId) : voidPending(db, pendingId))).transfer.id],
    balances: async (player) => {
      const b = await getPlayerBalance(db, id(player));
      return { gc: b.tourPoints, fcUnplayed: b.unplayed, fcRedeemable: b.winnings };
    },
  };
}
