import { describe, expect, it } from 'vitest';
import { centsToInput, formatUsd, limitChangeKind, parseUsdInput, timeUntil, usedPercent } from './limits';

describe('limit display', () => {
  it('formats and parses dollars', () => {
    expect(formatUsd(123450)).toBe('$1,234.50');
    expect(parseUsdInput('1,234.5')).toBe(123450);
    expect(parseUsdInput('$20')).toBe(2000);
    expect(parseUsdInput('')).toBeNull();
    expect(parseUsdInput('1.234')).toBeUndefined();
    expect(parseUsdInput('-5')).toBeUndefined();
    expect(centsToInput(2005)).toBe('20.05');
    expect(centsToInput(null)).toBe('');
  });
  it('used share', () => {
    expect(usedPercent({ limitCents: 10000, usedCents: 2500, remainingCents: 7500, pending: null })).toBe(25);
    expect(usedPercent({ limitCents: 1000, usedCents: 5000, remainingCents: 0, pending: null })).toBe(100);
    expect(usedPercent({ limitCents: null, usedCents: 5000, remainingCents: null, pending: null })).toBe(0);
    expect(usedPercent({ limitCents: 0, usedCents: 0, remainingCents: 0, pending: null })).toBe(100);
  });
  it('a first or lower limit applies at once; a raise or removal waits', () => {
    expect(limitChangeKind(null, 5000)).toBe('immediate');
    expect(limitChangeKind(5000, 1000)).toBe('immediate');
    expect(limitChangeKind(5000, 9000)).toBe('pending');
    expect(limitChangeKind(5000, null)).toBe('pending');
    expect(limitChangeKind(5000, 5000)).toBe('none');
  });
  it('time until a pending raise', () => {
    expect(timeUntil(1_000 + 90 * 60_000, 1_000)).toEqual({ hours: 1, minutes: 30 });
    expect(timeUntil(0, 5_000)).toEqual({ hours: 0, minutes: 0 });
  });
});
