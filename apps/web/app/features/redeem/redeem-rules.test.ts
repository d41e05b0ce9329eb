import { describe, expect, it } from 'vitest';
import { parseCoinsInput } from './redeem-rules';

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
