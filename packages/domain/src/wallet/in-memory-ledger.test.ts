import { inMemoryLedgerDriver } from '@sweepstack/testkit/in-memory-ledger-driver';
import { ledgerOperations, runLedgerScenario } from '@sweepstack/testkit/ledger-scenarios';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InMemoryLedger } from './in-memory-ledger';

const players = [1, 2, 3];

describe('the ledger model', () => {
  it('keeps every invariant through random purchases, plays, wins, prizes, redemptions and retries (property)', async () => {
    await fc.assert(
      fc.asyncProperty(ledgerOperations({ players }), async (operations) => {
        const ledger = new InMemoryLedger();
        for (const p of players) ledger.openPlayer(p);
        const driver = inMemoryLedgerDriver(ledger);
        await runLedgerScenario(driver, operations, players, () => {
          expect(ledger.violations()).toEqual([]);
        });
        for (const p of players) {
          const b = ledger.balances(p);
          expect(b.gc).toBeGreaterThanOrEqual(0);
          expect(b.fcUnplayed).toBeGreaterThanOrEqual(0);
          expect(b.fcRedeemable).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('conserves coins: player balances plus holds equal what the system accounts minted minus what was paid out (property)', async () => {
    await fc.assert(
      fc.asyncProperty(ledgerOperations({ players }), async (operations) => {
        const ledger = new InMemoryLedger();
        for (const p of players) ledger.openPlayer(p);
        await runLedgerScenario(inMemoryLedgerDriver(ledger), operations, players);
        const fcPlayers = players.reduce((sum, p) => sum + ledger.balances(p).fcUnplayed + ledger.balances(p).fcRedeemable, 0);
        const fcSystem = (['purchases', 'prizes', 'game_play', 'redemptions', 'redemption_holds'] as const).reduce((sum, k) => sum + ledger.balanceOf({ system: k }, 'FC'), 0);
        expect(fcPlayers + fcSystem).toBe(0);
        expect(ledger.balanceOf({ system: 'redemption_holds' }, 'FC')).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 100 },
    );
  });

  it('replays a request by key, refuses the same key for another request, and writes nothing on a refusal', () => {
    const ledger = new InMemoryLedger();
    ledger.openPlayer(1);
    const request = { idempotencyKey: 'buy-1', from: { system: 'purchases' as const }, to: { playerId: 1, kind: 'player_unplayed' as const }, currency: 'FC' as const, amount: 500, reason: 'purchase' as const };
    const first = ledger.transfer(request);
    const again = ledger.transfer({ ...request, metadata: { retry: true } });
    expect(again).toEqual({ transfer: first.transfer, replayed: true });
    expect(() => ledger.transfer({ ...request, amount: 501 })).toThrow(expect.objectContaining({ code: 'WALLET_IDEMPOTENCY_CONFLICT' }));
    expect(() =>
      ledger.transferMany([
        { ...request, idempotencyKey: 'buy-2' },
        { idempotencyKey: 'bet-x', from: { playerId: 1, kind: 'player_redeemable' }, to: { system: 'game_play' }, currency: 'FC', amount: 1, reason: 'game_bet' },
      ]),
    ).toThrow(expect.objectContaining({ code: 'WALLET_INSUFFICIENT_FUNDS' }));
    expect(ledger.balances(1)).toEqual({ gc: 0, fcUnplayed: 500, fcRedeemable: 0 });
    expect(ledger.rows()).toHaveLength(1);
    expect(() => ledger.transfer({ ...request, idempotencyKey: 'nobody', to: { playerId: 2, kind: 'player_unplayed' } })).toThrow(expect.objectContaining({ code: 'WALLET_ACCOUNT_NOT_FOUND' }));
  });

  it('plays unplayed coins first, pays wins into the redeemable part, and holds, posts and voids redemptions', () => {
    const ledger = new InMemoryLedger();
    ledger.openPlayer(1);
    ledger.transfer({ idempotencyKey: 'gift', from: { system: 'promotions' }, to: { playerId: 1, kind: 'player_unplayed' }, currency: 'FC', amount: 100, reason: 'signup_gift' });
    ledger.play({ idempotencyKey: 'spin-1', playerId: 1, currency: 'FC', amount: 60 });
    ledger.transfer({ idempotencyKey: 'win-1', from: { system: 'game_play' }, to: { playerId: 1, kind: 'player_redeemable' }, currency: 'FC', amount: 500, reason: 'game_win' });
    expect(ledger.balances(1)).toEqual({ gc: 0, fcUnplayed: 40, fcRedeemable: 500 });
    const spin = ledger.play({ idempotencyKey: 'spin-2', playerId: 1, currency: 'FC', amount: 100 });
    expect(spin.legs.map((l) => l.amount)).toEqual([40, 60]);
    expect(ledger.balances(1)).toEqual({ gc: 0, fcUnplayed: 0, fcRedeemable: 440 });
    const hold = ledger.createPending({ idempotencyKey: 'redeem-1', playerId: 1, amount: 400 });
    expect(ledger.balances(1).fcRedeemable).toBe(40);
    expect(() => ledger.createPending({ idempotencyKey: 'redeem-2', playerId: 1, amount: 41 })).toThrow(expect.objectContaining({ code: 'WALLET_INSUFFICIENT_FUNDS' }));
    ledger.voidPending(hold.transfer.id);
    expect(ledger.balances(1).fcRedeemable).toBe(440);
    expect(() => ledger.postPending(hold.transfer.id)).toThrow(expect.objectContaining({ code: 'WALLET_TRANSFER_NOT_PENDING' }));
    const second = ledger.createPending({ idempotencyKey: 'redeem-3', playerId: 1, amount: 440 });
    ledger.postPending(second.transfer.id);
    expect(ledger.postPending(second.transfer.id).replayed).toBe(true);
    expect(ledger.balanceOf({ system: 'redemptions' }, 'FC')).toBe(440);
    expect(ledger.balanceOf({ system: 'redemption_holds' }, 'FC')).toBe(0);
    expect(ledger.violations()).toEqual([]);
  });
});
