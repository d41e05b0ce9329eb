import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/domain-error';
import { planPlay, playerBalanceView } from './plan-play';

describe('planPlay', () => {
  it('takes unplayed Fortune Coins first, then redeemable', () => {
    expect(planPlay('p1', 'FC', 150, { gc: 0, fcUnplayed: 100, fcRedeemable: 500 }).legs).toEqual([
      { kind: 'player_unplayed', amount: 100, idempotencyKey: 'p1:player_unplayed' },
      { kind: 'player_redeemable', amount: 50, idempotencyKey: 'p1:player_redeemable' },
    ]);
    expect(planPlay('p2', 'FC', 40, { gc: 0, fcUnplayed: 100, fcRedeemable: 500 }).legs).toEqual([{ kind: 'player_unplayed', amount: 40, idempotencyKey: 'p2:player_unplayed' }]);
    expect(planPlay('p3', 'FC', 40, { gc: 0, fcUnplayed: 0, fcRedeemable: 500 }).legs).toEqual([{ kind: 'player_redeemable', amount: 40, idempotencyKey: 'p3:player_redeemable' }]);
  });

  it('takes Gold Coins from the one balance', () => {
    expect(planPlay('g', 'GC', 10, { gc: 10, fcUnplayed: 0, fcRedeemable: 0 }).legs).toEqual([{ kind: 'player_balance', amount: 10, idempotencyKey: 'g:player_balance' }]);
  });

  it('refuses a bet above the balance, and invalid bets', () => {
    expect(() => planPlay('x', 'FC', 601, { gc: 0, fcUnplayed: 100, fcRedeemable: 500 })).toThrow(expect.objectContaining({ code: 'WALLET_INSUFFICIENT_FUNDS' }));
    expect(() => planPlay('x', 'GC', 11, { gc: 10, fcUnplayed: 0, fcRedeemable: 0 })).toThrow(expect.objectContaining({ code: 'WALLET_INSUFFICIENT_FUNDS' }));
    expect(() => planPlay('x', 'GC', 1.5, { gc: 10, fcUnplayed: 0, fcRedeemable: 0 })).toThrow(expect.objectContaining({ code: 'WALLET_INVALID_AMOUNT' }));
    expect(() => planPlay('x', 'GC', -1, { gc: 10, fcUnplayed: 0, fcRedeemable: 0 })).toThrow(DomainError);
    expect(() => planPlay(' bad key', 'GC', 1, { gc: 10, fcUnplayed: 0, fcRedeemable: 0 })).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
  });

  it('always sums to the bet, never overdraws a sub-account, and touches redeemable only when unplayed runs out (property)', () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.nat(10_000), fc.integer({ min: 1, max: 20_000 }), (fcUnplayed, fcRedeemable, bet) => {
        const balances = { gc: 0, fcUnplayed, fcRedeemable };
        if (bet > fcUnplayed + fcRedeemable) {
          expect(() => planPlay('k', 'FC', bet, balances)).toThrow(expect.objectContaining({ code: 'WALLET_INSUFFICIENT_FUNDS' }));
          return;
        }
        const plan = planPlay('k', 'FC', bet, balances);
        const from = (kind: string) => plan.legs.find((l) => l.kind === kind)?.amount ?? 0;
        expect(from('player_unplayed') + from('player_redeemable')).toBe(bet);
        expect(from('player_unplayed')).toBeLessThanOrEqual(fcUnplayed);
        expect(from('player_redeemable')).toBeLessThanOrEqual(fcRedeemable);
        if (from('player_redeemable') > 0) expect(from('player_unplayed')).toBe(fcUnplayed);
        for (const leg of plan.legs) expect(leg.amount).toBeGreaterThan(0);
      }),
    );
  });

  it('maps sub-accounts to the client balance fields', () => {
    expect(playerBalanceView({ gc: 10_000, fcUnplayed: 100, fcRedeemable: 250 })).toEqual({ tourPoints: 10_000, coins: 10_000, entries: 350, winnings: 250, unplayed: 100 });
  });
});
