import { describe, expect, it } from 'vitest';
import { formatReward } from './reward-format';

describe('formatReward', () => {
  it('shows each currency that is paid, in the page language', () => {
    expect(formatReward({ coins: 5000, entries: 1 }, 'en')).toBe('5,000 GC + 1.00 FC');
    expect(formatReward({ coins: 1000, entries: 0 }, 'es')).toBe('1.000 GC');
    expect(formatReward({ coins: 0, entries: 0.5 }, 'en')).toBe('0.50 FC');
    expect(formatReward({ coins: 0, entries: 0 }, 'en')).toBe('—');
  });

  it('a total of nothing is 0 GC in the page language, not a dash', () => {
    expect(formatReward({ coins: 0, entries: 0 }, 'en', { nothing: 'zero' })).toBe('0 GC');
    expect(formatReward({ coins: 0, entries: 0 }, 'es', { nothing: 'zero' })).toBe('0 GC');
    expect(formatReward({ coins: 1500, entries: 0 }, 'es', { nothing: 'zero' })).toBe('1.500 GC');
  });
});
