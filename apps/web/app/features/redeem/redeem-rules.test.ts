import { describe, expect, it } from 'vitest';
import { eligibleMethods, methodToOffer, parseCoinsInput } from './redeem-rules';

describe('parseCoinsInput', () => {
  it('takes whole and 2-decimal amounts as hundredths', () => {
    expect(parseCoinsInput('50')).toBe(5000);
    expect(parseCoinsInput('50.5')).toBe(5050);
    expect(parseCoinsInput('1,000.25')).toBe(100025);
  });
  it('refuses the rest', () => {
    expect(parseCoinsInput('')).toBeNull();
    expect(parseCoinsInput('-1')).toBeUndefined();
    expect(parseCoinsInput('1.234')).toBeUndefined();
    expect(parseCoinsInput('abc')).toBeUndefined();
  });
});

describe('insufficient withdrawal', () => {
  const minimums = { bank: 10_000, gift_card: 5_000 };
  it('offers the methods whose minimum the winnings reach', () => {
    expect(eligibleMethods(4_999, minimums)).toEqual([]);
    expect(eligibleMethods(5_000, minimums)).toEqual(['gift_card']);
    expect(eligibleMethods(10_000, minimums)).toEqual(['gift_card', 'bank']);
  });
  it('keeps the wanted method when it can be used, else the first that can, else none', () => {
    expect(methodToOffer('bank', 20_000, minimums)).toBe('bank');
    expect(methodToOffer('bank', 6_000, minimums)).toBe('gift_card');
    expect(methodToOffer('gift_card', 0, minimums)).toBeNull();
  });
});
