import type { Clock } from '../shared/clock';
import { DomainError } from '../shared/domain-error';

const BIRTHDAY = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** Parses a YYYY-MM-DD birthday that is a real calendar date, or returns undefined. */
export function parseBirthday(value: string): CalendarDate | undefined {
  const match = BIRTHDAY.exec(value);
  if (!match) return undefined;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < 1900 || month < 1 || month > 12 || day < 1) return undefined;
  if (day > daysInMonth(year, month)) return undefined;
  return { year, month, day };
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** The UTC calendar date of an instant (civil-from-days, without the Date global). */
export function utcDateOf(epochMs: number): CalendarDate {
  const days = Math.floor(epochMs / 86_400_000) + 719_468;
  const era = Math.floor(days / 146_097);
  const dayOfEra = days - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthIndex = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthIndex + 2) / 5) + 1;
  const month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return { year, month, day };
}

/** Whole years between a birthday and the given instant (UTC calendar). */
export function ageInYears(birthday: CalendarDate, nowMs: number): number {
  const { year, month, day } = utcDateOf(nowMs);
  let age = year - birthday.year;
  if (month < birthday.month || (month === birthday.month && day < birthday.day)) age -= 1;
  return age;
}

/**
 * Checks a sign-up birthday: a real date, not in the future, and at least `minimumYears` old
 * today (a 29 February birthday comes of age on 1 March in common years). Throws DomainError
 * VALIDATION_FAILED for a bad date and AUTH_UNDERAGE when too young.
 */
export function assertOldEnough(birthday: string, minimumYears: number, clock: Clock): void {
  const parsed = parseBirthday(birthday);
  if (!parsed) throw new DomainError('VALIDATION_FAILED', 'Invalid birthday', { birthday: 'Enter a real date as YYYY-MM-DD' });
  const age = ageInYears(parsed, clock.nowMs());
  if (age < 0) throw new DomainError('VALIDATION_FAILED', 'Invalid birthday', { birthday: 'The birthday is in the future' });
  if (age > 130) throw new DomainError('VALIDATION_FAILED', 'Invalid birthday', { birthday: 'Enter a real date as YYYY-MM-DD' });
  if (age < minimumYears) throw new DomainError('AUTH_UNDERAGE');
}
