import { describe, expect, it } from 'vitest';
import { autoplayStopReason, isValidAutoplay, type AutoplaySettings } from './autoplay';

const base: AutoplaySettings = { count: 10, stopOnWinAbove: null, stopOnBalanceBelow: null, stopOnFeature: false };
const round = { win: 0, balance: 10_000, featureTriggered: false, nextBet: 100 };

describe('autoplayStopReason', () => {
  it('goes on until the count is reached', () => {
    expect(autoplayStopReason(base, { played: 9 }, round)).toBeNull();
    expect(autoplayStopReason(base, { played: 10 }, round)).toBe('count');
  });
  it('stops on a single win above the limit (not equal to it)', () => {
    const s = { ...base, stopOnWinAbove: 500 };
    expect(autoplayStopReason(s, { played: 1 }, { ...round, win: 500 })).toBeNull();
    expect(autoplayStopReason(s, { played: 1 }, { ...round, win: 501 })).toBe('win');
  });
  it('stops when the balance falls below the limit', () => {
    const s = { ...base, stopOnBalanceBelow: 5000 };
    expect(autoplayStopReason(s, { played: 1 }, { ...round, balance: 5000 })).toBeNull();
    expect(autoplayStopReason(s, { played: 1 }, { ...round, balance: 4999 })).toBe('balance');
  });
  it('stops on a feature only when asked', () => {
    expect(autoplayStopReason(base, { played: 1 }, { ...round, featureTriggered: true })).toBeNull();
    expect(autoplayStopReason({ ...base, stopOnFeature: true }, { played: 1 }, { ...round, featureTriggered: true })).toBe('feature');
  });
  it('stops when the next bet is no longer affordable', () => {
    expect(autoplayStopReason(base, { played: 1 }, { ...round, balance: 99 })).toBe('funds');
  });
});

describe('isValidAutoplay', () => {
  it('accepts sensible settings and refuses bad ones', () => {
    expect(isValidAutoplay(base)).toBe(true);
    expect(isValidAutoplay({ ...base, count: 0 })).toBe(false);
    expect(isValidAutoplay({ ...base, count: 1001 })).toBe(false);
    expect(isValidAutoplay({ ...base, stopOnWinAbove: -1 })).toBe(false);
    expect(isValidAutoplay({ ...base, stopOnBalanceBelow: 1.5 })).toBe(false);
  });
});
