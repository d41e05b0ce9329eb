import { daysBetween, operatorDay, operatorDayStartMs } from '../shared/operator-day';

/**
 * The league's period: a week from Monday 00:00 to the next Monday 00:00 in the operator's time zone.
 * Its key is the Monday's operator day (`2026-11-23`).
 */
export interface LeaguePeriod {
  key: string;
  startMs: number;
  endMs: number;
}

const DAY_MS = 86_400_000;
/** A Monday, to count weekdays from. */
const A_MONDAY = '2024-01-01';

/** The operator day `days` after `day` (negative: before), through noon so a daylight-saving change never skips a day. */
function shiftDay(day: string, days: number, timeZone: string): string {
  return operatorDay(operatorDayStartMs(day, timeZone) + days * DAY_MS + DAY_MS / 2, timeZone);
}

/** The period holding `nowMs`. */
export function periodOf(nowMs: number, timeZone: string): LeaguePeriod {
  const day = operatorDay(nowMs, timeZone);
  const sinceMonday = (((daysBetween(A_MONDAY, day) % 7) + 7) % 7);
  return periodByKey(shiftDay(day, -sinceMonday, timeZone), timeZone);
}

/** The period whose key is `key` (a Monday). */
export function periodByKey(key: string, timeZone: string): LeaguePeriod {
  return { key, startMs: operatorDayStartMs(key, timeZone), endMs: operatorDayStartMs(shiftDay(key, 7, timeZone), timeZone) };
}
