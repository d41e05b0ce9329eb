import { describe, expect, it } from 'vitest';
import { currentExclusion, endOf, type Exclusion, isInForce, mayStart, PERIOD_MS } from './exclusions';

const DAY = 86_400_000;
const now = 1_800_000_000_000;
const cooling = (untilMs: number): Exclusion => ({ kind: 'cooling_off', period: '7d', startedAtMs: now - DAY, untilMs });
const excluded = (untilMs: number | null): Exclusion => ({ kind: 'self_exclusion', period: untilMs === null ? 'permanent' : '6m', startedAtMs: now - DAY, untilMs });

describe('responsible-play exclusions', () => {
  it('has operator-grade periods', () => {
    expect(PERIOD_MS['24h']).toBe(DAY);
    expect(PERIOD_MS['7d']).toBe(7 * DAY);
    expect(PERIOD_MS['30d']).toBe(30 * DAY);
    expect(PERIOD_MS['6m']).toBe(183 * DAY);
    expect(PERIOD_MS['1y']).toBe(365 * DAY);
    expect(PERIOD_MS['5y']).toBe(1826 * DAY);
    expect(endOf('permanent', now)).toBeNull();
    expect(endOf('24h', now)).toBe(now + DAY);
  });

  it('is in force until its end, a permanent one forever', () => {
    expect(isInForce({ untilMs: now + 1 }, now)).toBe(true);
    expect(isInForce({ untilMs: now }, now)).toBe(false);
    expect(isInForce({ untilMs: null }, now + 100 * 365 * DAY)).toBe(true);
  });

  it('the current one is the one in force that ends last', () => {
    expect(currentExclusion([], now)).toBeNull();
    expect(currentExclusion([cooling(now - 1)], now)).toBeNull();
    const later = excluded(now + 100 * DAY);
    expect(currentExclusion([cooling(now + DAY), later, cooling(now + 2 * DAY)], now)).toBe(later);
    const forever = excluded(null);
    expect(currentExclusion([later, forever, cooling(now + DAY)], now)).toBe(forever);
  });

  it('a break can be extended but never shortened or lifted early', () => {
    expect(mayStart(null, 'cooling_off', '24h', now)).toBeNull();
    expect(mayStart(cooling(now - 1), 'cooling_off', '24h', now)).toBeNull();
    expect(mayStart(cooling(now + 7 * DAY), 'cooling_off', '24h', now)).toBe('RESPONSIBLE_PLAY_CANNOT_SHORTEN');
    expect(mayStart(cooling(now + 7 * DAY), 'cooling_off', '7d', now)).toBe('RESPONSIBLE_PLAY_CANNOT_SHORTEN');
    expect(mayStart(cooling(now + 7 * DAY - 1), 'cooling_off', '7d', now)).toBeNull();
    expect(mayStart(cooling(now + 7 * DAY), 'cooling_off', '30d', now)).toBeNull();
    expect(mayStart(cooling(now + 7 * DAY), 'self_exclusion', '6m', now)).toBeNull();
    expect(mayStart(excluded(now + DAY), 'cooling_off', '30d', now)).toBe('RESPONSIBLE_PLAY_SELF_EXCLUDED');
    expect(mayStart(excluded(now + 183 * DAY), 'self_exclusion', '6m', now)).toBe('RESPONSIBLE_PLAY_CANNOT_SHORTEN');
    expect(mayStart(excluded(now + 183 * DAY), 'self_exclusion', '1y', now)).toBeNull();
    expect(mayStart(excluded(now + 183 * DAY), 'self_exclusion', 'permanent', now)).toBeNull();
    expect(mayStart(excluded(null), 'self_exclusion', 'permanent', now)).toBe('RESPONSIBLE_PLAY_CANNOT_SHORTEN');
  });
});
