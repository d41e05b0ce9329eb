/**
 * The operator day (docs/rewards.md): daily features (daily login, the free wheel, daily budgets)
 * turn over at midnight in the operator's time zone, an IANA name from operator data
 * (`America/New_York`, `UTC`). Days are named `YYYY-MM-DD`.
 */

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
  for (const part of formatter(timeZone).formatToParts(new Date(nowMs))) if (part.type !== 'literal') out[part.type] = Number(part.value);
  return { year: out.year!, month: out.month!, day: out.day!, hour: out.hour!, minute: out.minute!, second: out.second! };
}

/** The operator day of an instant: `2026-11-26`. */
export function operatorDay(nowMs: number, timeZone: string): string {
  const p = parts(nowMs, timeZone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** The instant (ms) a day starts in the time zone (its local midnight; DST shifts handled). */
export function operatorDayStartMs(day: string, timeZone: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new Error(`not a day: ${day}`);
  const utcMidnight = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  // Local midnight is utcMidnight - offset; the offset at that instant may differ from the offset at
  // utcMidnight around a DST change, so settle it twice.
  let guess = utcMidnight;
  for (let i = 0; i < 3; i += 1) {
    const p = parts(guess, timeZone);
    const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
    const offset = asUtc - (guess - (guess % 1000));
    const next = utcMidnight - offset;
    if (next === guess) break;
    guess = next;
  }
  return guess;
}

/** The day after `day` (calendar arithmetic, no time zone involved). */
export function nextDay(day: string): string {
  const start = Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
  return new Date(start + 86_400_000).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const a = Date.UTC(Number(from.slice(0, 4)), Number(from.slice(5, 7)) - 1, Number(from.slice(8, 10)));
  const b = Date.UTC(Number(to.slice(0, 4)), Number(to.slice(5, 7)) - 1, Number(to.slice(8, 10)));
  return Math.round((b - a) / 86_400_000);
}

/** When the operator day after the one holding `nowMs` starts. */
export function nextOperatorDayStartMs(nowMs: number, timeZone: string): number {
  return operatorDayStartMs(nextDay(operatorDay(nowMs, timeZone)), timeZone);
}
