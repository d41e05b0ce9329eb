import { describe, expect, it } from 'vitest';
import { operatorDayStartMs } from '../shared/operator-day';
import { decisionDueAtMs, DEFAULT_FREE_ENTRY_SETTINGS, householdKey, isWeekend, newRequestCode, normalizeRequestCode, postmarkRefusal, settingsProblems } from './rules';

const NY = 'America/New_York';

describe('free entry rules', () => {
  it('knows weekends', () => {
    expect(isWeekend('2026-11-28')).toBe(true); // Saturday
    expect(isWeekend('2026-11-29')).toBe(true);
    expect(isWeekend('2026-11-30')).toBe(false);
  });

  it('counts business days from the day after receipt, skipping weekends, in the operator zone', () => {
    // Received Friday 27 Nov 2026 at noon in New York: 5 business days is Friday 4 Dec, due at its end.
    const friday = operatorDayStartMs('2026-11-27', NY) + 12 * 3_600_000;
    expect(decisionDueAtMs(friday, 5, NY)).toBe(operatorDayStartMs('2026-12-05', NY));
    // Received Saturday: the count starts Monday, 1 business day is Monday.
    const saturday = operatorDayStartMs('2026-11-28', NY) + 3_600_000;
    expect(decisionDueAtMs(saturday, 1, NY)).toBe(operatorDayStartMs('2026-12-01', NY));
    // 00:30 UTC on Saturday is still Friday in New York.
    const lateFriday = Date.UTC(2026, 10, 28, 0, 30);
    expect(decisionDueAtMs(lateFriday, 1, NY)).toBe(operatorDayStartMs('2026-12-01', NY));
  });

  it('makes codes from the handwriting-safe alphabet and reads them back as typed', () => {
    let n = 0;
    const rng = { int: (max: number) => (n++ * 7) % max, bytes: () => new Uint8Array() };
    const code = newRequestCode(rng);
    expect(code).toMatch(/^FE-[3469ACDEFGHJKMNPQRTUVWXY]{4}-[3469ACDEFGHJKMNPQRTUVWXY]{4}$/);
    expect(normalizeRequestCode(code.toLowerCase().replace(/-/g, ' '))).toBe(code);
    expect(normalizeRequestCode(code.slice(3))).toBe(code);
    expect(normalizeRequestCode('FE-0000-1111')).toBeUndefined();
    expect(normalizeRequestCode('FE-ACDE')).toBeUndefined();
  });

  it('validates settings', () => {
    expect(settingsProblems(DEFAULT_FREE_ENTRY_SETTINGS)).toEqual([]);
    expect(settingsProblems({ ...DEFAULT_FREE_ENTRY_SETTINGS, onlineAmountCents: 0, perDay: 9, mailAddress: ['x'] })).toHaveLength(3);
  });

  it("accepts a postmark from the code's issue day to its last valid day, inclusive", () => {
    expect(postmarkRefusal('2027-01-08', '2027-01-08', '2027-04-08')).toBeUndefined();
    expect(postmarkRefusal('2027-04-08', '2027-01-08', '2027-04-08')).toBeUndefined();
    expect(postmarkRefusal('2027-01-07', '2027-01-08', '2027-04-08')).toBe('postmarkBeforeRequest');
    expect(postmarkRefusal('2027-04-09', '2027-01-08', '2027-04-08')).toBe('postmarkAfterDeadline');
  });

  it('reads one household however the return address is written; different addresses stay apart', () => {
    const key = householdKey('12 Oak Street, Apt. 4', '98101');
    expect(key).toBe('98101:12OAKSTAPT4');
    expect(householdKey('12 oak st apt 4', '98101-1234')).toBe(key);
    expect(householdKey('12  OAK ST.  APARTMENT 4', ' 98101 ')).toBe(key);
    expect(householdKey('12 Oak Street, Apt. 5', '98101')).not.toBe(key);
    expect(householdKey('12 Oak Street, Apt. 4', '98102')).not.toBe(key);
    expect(householdKey('!!!', '98101')).toBeUndefined();
    expect(householdKey('12 Oak St', '--')).toBeUndefined();
  });

  it('bounds the household limit', () => {
    expect(settingsProblems({ ...DEFAULT_FREE_ENTRY_SETTINGS, mailPerHouseholdPerDay: 0 })).toHaveLength(1);
    expect(settingsProblems({ ...DEFAULT_FREE_ENTRY_SETTINGS, mailPerHouseholdPerDay: 6 })).toHaveLength(1);
  });
});
