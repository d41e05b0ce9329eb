import { describe, expect, it } from 'vitest';
import { counterDuration, formatFortuneCoins, formatGoldCoins, formatNumber, toNumber } from './format';

describe('number formatting', () => {
  it('formats Gold Coins as whole numbers and Fortune Coins with 2 decimals', () => {
    expect(formatGoldCoins(12345.9)).toBe('12,345');
    expect(formatGoldCoins('1000')).toBe('1,000');
    expect(formatFortuneCoins(3.5)).toBe('3.50');
    expect(formatFortuneCoins('1234.567')).toBe('1,234.57');
    expect(formatFortuneCoins(0)).toBe('0.00');
  });

  it('uses the Spanish separators for es', () => {
    expect(formatFortuneCoins(1234.5, 'es')).toBe('1.234,50');
  });

  it.each(['abc', '', ' ', '12abc', '1,000', 'NaN', '--1'])('rejects the non-numeric string %j with a TypeError', (value) => {
    expect(() => formatNumber(value)).toThrow(TypeError);
  });

  it('rejects non-finite numbers', () => {
    expect(() => toNumber(Number.NaN)).toThrow(TypeError);
    expect(() => toNumber(Number.POSITIVE_INFINITY)).toThrow(TypeError);
  });

  it('accepts signed and decimal numeric strings', () => {
    expect(toNumber('-12.5')).toBe(-12.5);
    expect(toNumber(' 7 ')).toBe(7);
    expect(toNumber('.5')).toBe(0.5);
  });
});

describe('counter animation duration', () => {
  it('is clamped to 500–2000 ms', () => {
    expect(counterDuration(0, 1)).toBe(500);
    expect(counterDuration(0, 1_000_000)).toBe(2000);
    expect(counterDuration(100, 1300)).toBe(1200);
    expect(counterDuration(0, 0, 10)).toBe(500);
    expect(counterDuration(0, 0, 99_999)).toBe(2000);
    expect(counterDuration(0, 0, Number.NaN)).toBe(2000);
  });
});
