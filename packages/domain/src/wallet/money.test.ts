import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/domain-error';
import { formatFortuneCents, fortuneCents, fortuneCentsFromDecimal, goldCoins, ledgerAmount, usdCents } from './money';

const code = (fn: () => unknown): string | undefined => {
  try {
    fn();
    return undefined;
  } catch (error) {
    return error instanceof DomainError ? error.code : 'not a DomainError';
  }
};

describe('money factories', () => {
  it('accept positive safe integers and brand them unchanged', () => {
    expect(goldCoins(10_000)).toBe(10_000);
    expect(fortuneCents(1)).toBe(1);
    expect(usdCents(Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
    expect(ledgerAmount('FC', 250)).toBe(250);
  });

  it('reject fractions, negatives, zero, NaN, infinities and unsafe integers', () => {
    for (const bad of [0.5, -1, 0, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1, 1e300]) {
      expect(code(() => goldCoins(bad))).toBe('WALLET_INVALID_AMOUNT');
      expect(code(() => fortuneCents(bad))).toBe('WALLET_INVALID_AMOUNT');
      expect(code(() => usdCents(bad))).toBe('WALLET_INVALID_AMOUNT');
    }
    expect(code(() => goldCoins('5' as unknown as number))).toBe('WALLET_INVALID_AMOUNT');
  });

  it('accept zero only when allowed, and never return -0', () => {
    expect(Object.is(goldCoins(-0, { allowZero: true }), 0)).toBe(true);
    expect(code(() => goldCoins(-1, { allowZero: true }))).toBe('WALLET_INVALID_AMOUNT');
  });

  it('parse and format Fortune Coin decimals', () => {
    expect(fortuneCentsFromDecimal('1.00')).toBe(100);
    expect(fortuneCentsFromDecimal('12.5')).toBe(1250);
    expect(fortuneCentsFromDecimal('0.07')).toBe(7);
    for (const bad of ['1.005', '-1', '1e3', '', 'abc', '01', '.5', '1.']) {
      expect(code(() => fortuneCentsFromDecimal(bad))).toBe('WALLET_INVALID_AMOUNT');
    }
    expect(formatFortuneCents(fortuneCents(100))).toBe('1.00');
    expect(formatFortuneCents(-5)).toBe('-0.05');
  });

  it('round-trip every cent amount through its decimal text (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 14 }), (cents) => {
        expect(fortuneCentsFromDecimal(formatFortuneCents(cents))).toBe(cents);
      }),
    );
  });
});
