import { describe, expect, it } from 'vitest';
import { applyMask, cardNumberMask, EXPIRY_MASK, isMaskComplete, luhnValid, unmask, validateCard } from './input-mask';

describe('applyMask', () => {
  it('fills # with digits and inserts literals between them', () => {
    expect(applyMask('4242424242424242', '#### #### #### ####')).toBe('4242 4242 4242 4242');
    expect(applyMask('42424', '#### ####')).toBe('4242 4');
    expect(applyMask('1226', EXPIRY_MASK)).toBe('12/26');
  });
  it('does not end with a literal the user has not reached', () => {
    expect(applyMask('4242', '#### ####')).toBe('4242');
    expect(applyMask('12', EXPIRY_MASK)).toBe('12');
  });
  it('drops characters that fit no slot and accepts typed literals', () => {
    expect(applyMask('4a2-4 2', '####')).toBe('4242');
    expect(applyMask('12/26', EXPIRY_MASK)).toBe('12/26');
  });
  it('@ takes letters only, * letters or digits', () => {
    expect(applyMask('a1b2', '@@')).toBe('ab');
    expect(applyMask('ñ1', '@#')).toBe('ñ1');
    expect(applyMask('a1-b', '**-*')).toBe('a1-b');
    expect(applyMask('!a', '*')).toBe('a');
  });
  it('stops at the end of the mask', () => {
    expect(applyMask('123456', '###')).toBe('123');
  });
  it('unmask removes the literals; complete when every slot is filled', () => {
    expect(unmask('4242 4242', '#### ####')).toBe('42424242');
    expect(isMaskComplete('12/26', EXPIRY_MASK)).toBe(true);
    expect(isMaskComplete('12/2', EXPIRY_MASK)).toBe(false);
  });
  it('American Express numbers use 4-6-5', () => {
    expect(applyMask('378282246310005', cardNumberMask('37'))).toBe('3782 822463 10005');
  });
});

describe('card checks', () => {
  const now = new Date(Date.UTC(2026, 10, 25));
  it('luhn', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('42')).toBe(false);
  });
  it('names each invalid field', () => {
    expect(validateCard({ number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }, now)).toEqual({});
    expect(validateCard({ number: '4242 4242 4242 4241', expiry: '13/30', cvc: '12' }, now)).toEqual({ number: 'number', expiry: 'expiry', cvc: 'cvc' });
  });
  it('a card is valid through its expiry month', () => {
    expect(validateCard({ number: '4242424242424242', expiry: '11/26', cvc: '123' }, now)).toEqual({});
    expect(validateCard({ number: '4242424242424242', expiry: '10/26', cvc: '123' }, now)).toEqual({ expiry: 'expiryPast' });
  });
  it('American Express needs a 4-digit cvc', () => {
    expect(validateCard({ number: '378282246310005', expiry: '12/30', cvc: '123' }, now)).toEqual({ cvc: 'cvc' });
  });
});
