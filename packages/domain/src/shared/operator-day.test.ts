import { describe, expect, it } from 'vitest';
import { daysBetween, isTimeZone, nextDay, nextOperatorDayStartMs, operatorDay, operatorDayStartMs } from './operator-day';

describe('operator day', () => {
  it('names the day in the operator time zone', () => {
    const t = Date.UTC(2026, 10, 26, 3, 30); // 03:30 UTC = 22:30 the day before in New York
    expect(operatorDay(t, 'UTC')).toBe('2026-11-26');
    expect(operatorDay(t, 'America/New_York')).toBe('2026-11-25');
  });

  it('finds local midnight, across daylight-saving changes too', () => {
    expect(operatorDayStartMs('2026-11-26', 'UTC')).toBe(Date.UTC(2026, 10, 26));
    expect(operatorDayStartMs('2026-11-26', 'America/New_York')).toBe(Date.UTC(2026, 10, 26, 5));
    expect(operatorDayStartMs('2026-07-01', 'America/New_York')).toBe(Date.UTC(2026, 6, 1, 4));
    // 2026-03-08 is the spring-forward day in New York: midnight is still EST (UTC-5).
    expect(operatorDayStartMs('2026-03-08', 'America/New_York')).toBe(Date.UTC(2026, 2, 8, 5));
    expect(operatorDayStartMs('2026-03-09', 'America/New_York')).toBe(Date.UTC(2026, 2, 9, 4));
    for (const day of ['2026-03-08', '2026-11-01', '2026-12-31']) {
      const start = operatorDayStartMs(day, 'America/New_York');
      expect(operatorDay(start, 'America/New_York')).toBe(day);
      expect(operatorDay(start - 1, 'America/New_York')).not.toBe(day);
    }
  });

  it('steps days and counts between them', () => {
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(daysBetween('2026-11-20', '2026-11-26')).toBe(6);
    expect(daysBetween('2026-11-26', '2026-11-20')).toBe(-6);
    expect(nextOperatorDayStartMs(Date.UTC(2026, 10, 26, 3, 30), 'America/New_York')).toBe(Date.UTC(2026, 10, 26, 5));
    expect(isTimeZone('Europe/Madrid')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
