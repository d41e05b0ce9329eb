import { utcDateOf } from '../auth/age';

/**
 * The operator day (docs/rewards.md): daily features (daily login, the free wheel, daily budgets)
 * turn over at midnight in the operator's time zone, an IANA name from operator data
 * (`America/New_York`, `UTC`). Days are named `YYYY-MM-DD`.
 */

/** Days since 1970-01-01 of a proleptic Gregorian date (days-from-civil, without the Date global). */
function epochDay(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** Milliseconds since the epoch of a UTC wall time. */
function utcMs(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  return epochDay(year, month, day) * 86_400_000 + ((hour * 60 + minute) * 60 + second) * 1000;
}

function dayName(epochDays: number): string {
  const date = utcDateOf(epochDays * 86_400_000);
  return `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

function parseDay(day: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new Error(`not a day: ${day}`);
  return epochDay(Number(match[1]), Number(match[2]), Number(match[3]));
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, format);
  }
  return format;
}

/** True when the runtime knows this IANA time zone. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

function parts(nowMs: number, timeZone: string): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const out: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(nowMs)) if (part.type !== 'literal') out[part.type] = Number(part.value);
  return { year: out.year!, month: out.month!, day: out.day!, hour: out.hour!, minute: out.minute!, second: out.second! };
}

/** The operator day of an instant: `2026-11-26`. */
export function operatorDay(nowMs: number, timeZone: string): string {
  const p = parts(nowMs, timeZone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** The instant (ms) a day starts in the time zone (its local midnight; DST shifts handled). */
export function operatorDayStartMs(day: string, timeZone: string): number {
  const utcMidnight = parseDay(day) * 86_400_000;
  // Local midnight is utcMidnight - offset; the offset at that instant may differ from the offset at
  // utcMidnight around a DST change, so settle it twice.
  let guess = utcMidnight;
  for (let i = 0; i < 3; i += 1) {
    const p = parts(guess, timeZone);
    const asUtc = utcMs(p.year, p.month, p.day, p.hour, p.minute, p.second);
    const offset = asUtc - (guess - (guess % 1000));
    const next = utcMidnight - offset;
    if (next === guess) break;
    guess = next;
  }
  return guess;
}

/** The day after `day` (calendar arithmetic, no time zone involved). */
export function nextDay(day: string): string {
  return dayName(parseDay(day) + 1);
}

/** The day before `day` (calendar arithmetic, no time zone involved). */
export function previousDay(day: string): string {
  return dayName(parseDay(day) - 1);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return parseDay(to) - parseDay(from);
}

/** When the operator day after the one holding `nowMs` starts. */
export function nextOperatorDayStartMs(nowMs: number, timeZone: string): number {
  return operatorDayStartMs(nextDay(operatorDay(nowMs, timeZone)), timeZone);
}
