import { describe, expect, it } from 'vitest';
import { paysFortuneCoins, withoutFortuneCoins, type Prize } from './prize';

describe('withoutFortuneCoins (a player without Fortune Coin play)', () => {
  const spins = (currency: 'GC' | 'FC'): Prize => ({ kind: 'free_spins', gameId: 3, count: 5, betLevel: 1, lifetimeMs: 60_000, currency });
  it('keeps the Gold Coins of a prize and withholds its Fortune Coins', () => {
    expect(withoutFortuneCoins({ kind: 'coins', amount: 500, amountCents: 25 })).toEqual({ kind: 'gold_coins', amount: 500 });
    expect(withoutFortuneCoins({ kind: 'coins', amount: 0, amountCents: 25 })).toEqual({ kind: 'nothing' });
    expect(withoutFortuneCoins({ kind: 'fortune_coins', amountCents: 300 })).toEqual({ kind: 'nothing' });
    expect(withoutFortuneCoins(spins('FC'))).toEqual({ kind: 'nothing' });
  });
  it('leaves prizes without Fortune Coins as they are', () => {
    for (const prize of [{ kind: 'gold_coins', amount: 7 }, spins('GC'), { kind: 'nothing' }, { kind: 'coins', amount: 9, amountCents: 0 }] as Prize[]) {
      expect(paysFortuneCoins(prize)).toBe(false);
      expect(withoutFortuneCoins(prize)).toBe(prize);
    }
  });
});
