/**
 * Test cards of the sandbox network (the common convention): 4242 4242 4242 4242 succeeds,
 * 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 is declined for insufficient funds,
 * 4000 0000 0000 3220 asks for 3-D Secure; any other Luhn-valid number succeeds. An expired card is
 * declined (`expired_card`).
 */
export type CardOutcome = { kind: 'succeed' } | { kind: 'decline'; code: DeclineCode } | { kind: 'challenge' };
export type DeclineCode = 'card_declined' | 'insufficient_funds' | 'expired_card' | 'incorrect_number' | 'incorrect_cvc' | 'authentication_failed';

export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  threeDSecure: '4000000000003220',
} as const;

/** Digits only: spaces and dashes, as people type them, are dropped; anything else is kept (and fails). */
export function normalizeCardNumber(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** The Luhn checksum over a string of 12 to 19 digits. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'unknown';
}

/** A card expires at the end of its expiry month (UTC). `expYear` is four digits. */
export function cardExpired(expMonth: number, expYear: number, nowMs: number): boolean {
  const endOfMonth = Date.UTC(expYear, expMonth, 1); // month index expMonth = the month after
  return nowMs >= endOfMonth;
}

/** What the sandbox network does with a card. */
export function cardOutcome(card: { number: string; expMonth: number; expYear: number; cvc: string }, nowMs: number): CardOutcome {
  const digits = normalizeCardNumber(card.number);
  if (!luhnValid(digits)) return { kind: 'decline', code: 'incorrect_number' };
  const cvcLength = cardBrand(digits) === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc)) return { kind: 'decline', code: 'incorrect_cvc' };
  if (cardExpired(card.expMonth, card.expYear, nowMs)) return { kind: 'decline', code: 'expired_card' };
  if (digits === TEST_CARDS.declined) return { kind: 'decline', code: 'card_declined' };
  if (digits === TEST_CARDS.insufficientFunds) return { kind: 'decline', code: 'insufficient_funds' };
  if (digits === TEST_CARDS.threeDSecure) return { kind: 'challenge' };
  return { kind: 'succeed' };
}
