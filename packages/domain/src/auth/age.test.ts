import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/domain-error';
import { ageInYears, assertOldEnough, parseBirthday, utcDateOf } from './age';

const clockAt = (iso: string) => ({ nowMs: () => Date.parse(iso) });

function codeOf(fn: () => void): string | undefined {
  try {
    fn();
    return undefined;
  } catch (error) {
    return error instanceof DomainError ? error.code : 'other';
  }
}

describe('age rules', () => {
  it('parses real dates only', () => {
    expect(parseBirthday('1990-01-01')).toEqual({ year: 1990, month: 1, day: 1 });
    expect(parseBirthday('2000-02-29')).toBeDefined();
    expect(parseBirthday('1900-02-29')).toBeUndefined();
    expect(parseBirthday('2023-02-29')).toBeUndefined();
    expect(parseBirthday('2023-04-31')).toBeUndefined();
    expect(parseBirthday('2023-13-01')).toBeUndefined();
    expect(parseBirthday('1990-1-1')).toBeUndefined();
    expect(parseBirthday('1899-12-31')).toBeUndefined();
    expect(parseBirthday('')).toBeUndefined();
  });

  it('turns 21 exactly on the birthday (UTC)', () => {
    expect(codeOf(() => assertOldEnough('2005-06-15', 21, clockAt('2026-06-14T23:59:59Z')))).toBe('AUTH_UNDERAGE');
    expect(codeOf(() => assertOldEnough('2005-06-15', 21, clockAt('2026-06-15T00:00:00Z')))).toBeUndefined();
  });

  it('a 29 February birthday comes of age on 1 March in a common year', () => {
    expect(codeOf(() => assertOldEnough('2004-02-29', 21, clockAt('2025-02-28T12:00:00Z')))).toBe('AUTH_UNDERAGE');
    expect(codeOf(() => assertOldEnough('2004-02-29', 21, clockAt('2025-03-01T00:00:00Z')))).toBeUndefined();
  });

  it('refuses future and malformed birthdays as validation failures', () => {
    expect(codeOf(() => assertOldEnough('2030-01-01', 21, clockAt('2026-01-01T00:00:00Z')))).toBe('VALIDATION_FAILED');
    expect(codeOf(() => assertOldEnough('01/01/1990', 21, clockAt('2026-01-01T00:00:00Z')))).toBe('VALIDATION_FAILED');
  });

  it('utcDateOf agrees with Date for any instant', () => {
    fc.assert(
      fc.property(fc.integer({ min: -2_208_988_800_000, max: 4_102_444_800_000 }), (ms) => {
        const d = new Date(ms);
        expect(utcDateOf(ms)).toEqual({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() });
      }),
      { numRuns: 2000 },
    );
  });

  it('ageInYears never decreases as time passes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_000_000_000_000 }), fc.integer({ min: 0, max: 10 ** 11 }), (ms, delta) => {
        const birthday = { year: 1960, month: 2, day: 29 };
        expect(ageInYears(birthday, ms + delta)).toBeGreaterThanOrEqual(ageInYears(birthday, ms));
      }),
    );
  });
});
