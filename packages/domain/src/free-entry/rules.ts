import { daysBetween, nextDay, operatorDay, operatorDayStartMs } from '../shared/operator-day';
import type { Rng } from '../shared/rng';

/**
 * The free entry (alternative method of entry, AMOE; docs/features/free-entry.md): Fortune Coins
 * without a purchase, online once a day or by a letter carrying a per-request code. Pure rules:
 * the operator's settings, the decision deadline in business days, request codes.
 */

export type FreeEntryChannel = 'online' | 'mail';

/** `awaiting_letter`: a mail code was issued, no letter yet. `received`: waiting for the operator's decision. */
export type FreeEntryStatus = 'awaiting_letter' | 'received' | 'credited' | 'rejected';

export interface FreeEntrySettings {
  active: boolean;
  /** Fortune Coins of one online request, in hundredths. */
  onlineAmountCents: number;
  /** Fortune Coins of one mailed request, in hundredths. */
  mailAmountCents: number;
  /** Requests per player and operator day, per channel. */
  perDay: number;
  /** 'automatic': an online request that passes the checks is credited at once; 'manual': it waits in the operator queue. */
  onlineReview: 'automatic' | 'manual';
  /** Business days the operator has to decide a received request (Monday to Friday). */
  decisionBusinessDays: number;
  /** How long a mail code stays valid for a letter (days from its issue). */
  mailCodeValidDays: number;
  /** The postal address letters go to, one line each. */
  mailAddress: string[];
  /** Letters per household (return address) counted per request day; more are rejected by the rule. */
  mailPerHouseholdPerDay: number;
}

export const DEFAULT_FREE_ENTRY_SETTINGS: FreeEntrySettings = {
  active: true,
  onlineAmountCents: 100,
  mailAmountCents: 500,
  perDay: 1,
  onlineReview: 'automatic',
  decisionBusinessDays: 5,
  mailCodeValidDays: 90,
  mailAddress: ['Sweepstakes Free Entry', 'PO Box 1000', 'Wilmington, DE 19801', 'USA'],
  mailPerHouseholdPerDay: 1,
};

/** The bounds an operator can set (amounts 1–5 FC a request by default; never zero, never a big prize). */
export const FREE_ENTRY_LIMITS = {
  amountCents: { min: 1, max: 10_000 },
  perDay: { min: 1, max: 5 },
  decisionBusinessDays: { min: 1, max: 20 },
  mailCodeValidDays: { min: 7, max: 365 },
  mailPerHouseholdPerDay: { min: 1, max: 5 },
} as const;

/** Problems with a settings object, empty when it can be saved. */
export function settingsProblems(s: FreeEntrySettings): string[] {
  const problems: string[] = [];
  const within = (name: string, value: number, range: { min: number; max: number }) => {
    if (!Number.isInteger(value) || value < range.min || value > range.max) problems.push(`${name} must be a whole number from ${range.min} to ${range.max}`);
  };
  within('onlineAmountCents', s.onlineAmountCents, FREE_ENTRY_LIMITS.amountCents);
  within('mailAmountCents', s.mailAmountCents, FREE_ENTRY_LIMITS.amountCents);
  within('perDay', s.perDay, FREE_ENTRY_LIMITS.perDay);
  within('decisionBusinessDays', s.decisionBusinessDays, FREE_ENTRY_LIMITS.decisionBusinessDays);
  within('mailCodeValidDays', s.mailCodeValidDays, FREE_ENTRY_LIMITS.mailCodeValidDays);
  within('mailPerHouseholdPerDay', s.mailPerHouseholdPerDay, FREE_ENTRY_LIMITS.mailPerHouseholdPerDay);
  if (s.mailAddress.length < 2 || s.mailAddress.some((line) => line.trim() === '')) problems.push('mailAddress needs at least two non-empty lines');
  return problems;
}

/** True for Saturday and Sunday of a `YYYY-MM-DD` day. */
export function isWeekend(day: string): boolean {
  // 1970-01-01 was a Thursday (weekday 4, Sunday 0).
  const weekday = (((daysBetween('1970-01-01', day) + 4) % 7) + 7) % 7;
  return weekday === 0 || weekday === 6;
}

/**
 * When the operator's decision is due for a request received at `receivedAtMs`: the end of the
 * `businessDays`-th business day (Monday to Friday, in the operator's time zone) after the day it was
 * received. A request received on Friday with 5 business days is due at the end of the next Friday.
 */
export function decisionDueAtMs(receivedAtMs: number, businessDays: number, timeZone: string): number {
  let day = operatorDay(receivedAtMs, timeZone);
  let left = businessDays;
  while (left > 0) {
    day = nextDay(day);
    if (!isWeekend(day)) left -= 1;
  }
  return operatorDayStartMs(nextDay(day), timeZone);
}

/** Letters and digits that cannot be mistaken for one another in handwriting (no 0/O, 1/I/L, 5/S, 2/Z, 8/B). */
export const CODE_ALPHABET = '3469ACDEFGHJKMNPQRTUVWXY';

/** A request code as printed on the page and written in the letter: `FE-XXXX-XXXX`. */
export function newRequestCode(rng: Rng): string {
  let raw = '';
  for (let i = 0; i < 8; i += 1) raw += CODE_ALPHABET[rng.int(CODE_ALPHABET.length)];
  return `FE-${raw.slice(0, 4)}-${raw.slice(4)}`;
}

/**
 * A code as an operator typed it from a letter: upper case, spaces and dashes ignored, the prefix
 * optional. Undefined when it cannot be a code.
 */
export function normalizeRequestCode(input: string): string | undefined {
  const raw = input.toUpperCase().replace(/[\s-]/g, '').replace(/^FE/, '');
  if (raw.length !== 8 || [...raw].some((c) => !CODE_ALPHABET.includes(c))) return undefined;
  return `FE-${raw.slice(0, 4)}-${raw.slice(4)}`;
}

/** Why a rule refuses a letter: the request is rejected with this code (and its reason text). */
export type LetterRejectCode = 'postmarkAfterDeadline' | 'postmarkBeforeRequest' | 'householdLimit';

/** The reason text stored beside a rule's code (operator views; the player reads the code in their language). */
export const LETTER_REJECT_REASONS: Record<LetterRejectCode, string> = {
  postmarkAfterDeadline: "The letter was postmarked after the request code's last valid day.",
  postmarkBeforeRequest: 'The letter was postmarked before the request code was issued.',
  householdLimit: 'This household has already sent the letters allowed for that day.',
};

/**
 * The postmark rule (official rules): a letter counts when postmarked from the day its code was issued
 * (`requestDay`) to its last valid day (`deadlineDay`), both operator days, inclusive. When it arrived
 * does not matter (the post takes its time). Undefined: the postmark is within.
 */
export function postmarkRefusal(postmarkDay: string, requestDay: string, deadlineDay: string): LetterRejectCode | undefined {
  if (postmarkDay < requestDay) return 'postmarkBeforeRequest';
  if (postmarkDay > deadlineDay) return 'postmarkAfterDeadline';
  return undefined;
}

/**
 * A household as the operator types it from the envelope's return address: the street line and the
 * postal code, with case, spaces and punctuation ignored and common street words shortened
 * ("12 Oak Street, Apt. 4" and "12 oak st apt 4" are one household); ZIP+4 counts as its five digits.
 * Undefined when either part is empty after that.
 */
export function householdKey(streetLine: string, postalCode: string): string | undefined {
  const words: Record<string, string> = { STREET: 'ST', AVENUE: 'AVE', ROAD: 'RD', BOULEVARD: 'BLVD', DRIVE: 'DR', LANE: 'LN', COURT: 'CT', PLACE: 'PL', APARTMENT: 'APT', SUITE: 'STE', NORTH: 'N', SOUTH: 'S', EAST: 'E', WEST: 'W', UNIT: 'APT' };
  const street = streetLine
    .toUpperCase()
    .replace(/[^A-Z0-9\s]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => words[word] ?? word)
    .join('');
  const zip = postalCode.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const postal = /^\d{9}$/.test(zip) ? zip.slice(0, 5) : zip;
  if (street === '' || postal === '') return undefined;
  return `${postal}:${street}`.slice(0, 200);
}
