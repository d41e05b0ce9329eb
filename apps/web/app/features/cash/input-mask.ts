/**
 * Input masks (spec §5): `#` a digit, `@` a letter, `*` a letter or digit; any other character of
 * the mask is a literal inserted as the user types. Characters that fit no slot are dropped.
 */
const isDigit = (c: string) => /\d/.test(c);
const isLetter = (c: string) => /\p{L}/u.test(c);

function fits(slot: string, c: string): boolean {
  if (slot === '#') return isDigit(c);
  if (slot === '@') return isLetter(c);
  if (slot === '*') return isDigit(c) || isLetter(c);
  return false;
}

const isSlot = (c: string) => c === '#' || c === '@' || c === '*';

/** Applies `mask` to `raw`: returns the masked text (literals only between typed characters). */
export function applyMask(raw: string, mask: string): string {
  const chars = [...raw].filter((c) => !/\s/.test(c) || mask.includes(c));
  let out = '';
  let i = 0;
  for (const slot of mask) {
    if (i >= chars.length) break;
    if (isSlot(slot)) {
      // Skip input characters that do not fit (a typed literal or a wrong kind).
      while (i < chars.length && !fits(slot, chars[i] as string)) i += 1;
      if (i >= chars.length) break;
      out += chars[i];
      i += 1;
    } else {
      out += slot;
      if (chars[i] === slot) i += 1;
    }
  }
  return out;
}

/** The characters of `masked` that fill slots (the literals removed). */
export function unmask(masked: string, mask: string): string {
  let out = '';
  let m = 0;
  for (const c of masked) {
    const slot = mask[m];
    if (slot !== undefined && !isSlot(slot) && c === slot) {
      m += 1;
      continue;
    }
    out += c;
    m += 1;
  }
  return out;
}

/** Whether every slot of the mask is filled. */
export function isMaskComplete(masked: string, mask: string): boolean {
  return masked.length === mask.length;
}

/** Card number mask: American Express (34/37) is 4-6-5, others 4-4-4-4 (up to 19 digits). */
export function cardNumberMask(digits: string): string {
  if (/^3[47]/.test(digits)) return '#### ###### #####';
  return '#### #### #### #### ###';
}

export const EXPIRY_MASK = '##/##';

export function cvcMask(cardDigits: string): string {
  return /^3[47]/.test(cardDigits) ? '####' : '###';
}

/** Luhn checksum of a digit string. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
}

export type CardFieldError = 'number' | 'expiry' | 'expiryPast' | 'cvc';

/** Client-side checks of the card form (the server checks again); `now` gives the current month. */
export function validateCard(input: CardInput, now: Date): Partial<Record<'number' | 'expiry' | 'cvc', CardFieldError>> {
  const errors: Partial<Record<'number' | 'expiry' | 'cvc', CardFieldError>> = {};
  const digits = input.number.replace(/\D/g, '');
  if (!luhnValid(digits)) errors.number = 'number';
  const match = /^(\d{2})\/(\d{2})$/.exec(input.expiry);
  if (!match) errors.expiry = 'expiry';
  else {
    const month = Number(match[1]);
    const year = 2000 + Number(match[2]);
    if (month < 1 || month > 12) errors.expiry = 'expiry';
    else if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) errors.expiry = 'expiryPast';
  }
  const cvcLength = /^3[47]/.test(digits) ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(input.cvc)) errors.cvc = 'cvc';
  return errors;
}
