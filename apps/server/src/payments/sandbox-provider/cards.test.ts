import { describe, expect, it } from 'vitest';
import { cardBrand, cardExpired, cardOutcome, luhnValid, normalizeCardNumber, TEST_CARDS } from './cards';

const NOW = Date.parse('2026-03-15T12:00:00Z');
const card = (number: string, extra: Partial<{ expMonth: number; expYear: number; cvc: string }> = {}) => ({ number, expMonth: 12, expYear: 2030, cvc: '123', ...extra });

describe('sandbox test cards', () => {
  it('checks the Luhn sum', () => {
    for (const number of Object.values(TEST_CARDS)) expect(luhnValid(number)).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('4242')).toBe(false);
    expect(luhnValid('42424242424242a2')).toBe(false);
    expect(luhnValid('378282246310005')).toBe(true);
  });

  it('normalizes spaces and dashes only', () => {
    expect(normalizeCardNumber('4242 4242-4242 4242')).toBe('4242424242424242');
    expect(normalizeCardNumber('4242.4242')).toBe('4242.4242');
  });

  it('names brands', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
  });

  it('follows the test card convention', () => {
    expect(cardOutcome(card(TEST_CARDS.success), NOW)).toEqual({ kind: 'succeed' });
    expect(cardOutcome(card(TEST_CARDS.declined), NOW)).toEqual({ kind: 'decline', code: 'card_declined' });
    expect(cardOutcome(card(TEST_CARDS.insufficientFunds), NOW)).toEqual({ kind: 'decline', code: 'insufficient_funds' });
    expect(cardOutcome(card(TEST_CARDS.threeDSecure), NOW)).toEqual({ kind: 'challenge' });
    expect(cardOutcome(card('5555 5555 5555 4444'), NOW)).toEqual({ kind: 'succeed' });
    expect(cardOutcome(card('4242424242424241'), NOW)).toEqual({ kind: 'decline', code: 'incorrect_number' });
    expect(cardOutcome(card(TEST_CARDS.success, { cvc: '12' }), NOW)).toEqual({ kind: 'decline', code: 'incorrect_cvc' });
    expect(cardOutcome(card('378282246310005', { cvc: '1234' }), NOW)).toEqual({ kind: 'succeed' });
  });

  it('a card is valid through the end of its expiry month', () => {
    expect(cardExpired(3, 2026, NOW)).toBe(false);
    expect(cardExpired(2, 2026, NOW)).toBe(true);
    expect(cardExpired(3, 2026, Date.parse('2026-04-01T00:00:00Z'))).toBe(true);
    expect(cardOutcome(card(TEST_CARDS.success, { expMonth: 2, expYear: 2026 }), NOW)).toEqual({ kind: 'decline', code: 'expired_card' });
    expect(cardOutcome(card(TEST_CARDS.success, { expMonth: 12, expYear: 2025 }), NOW)).toEqual({ kind: 'decline', code: 'expired_card' });
  });
});
