import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateOtpCode, isWellFormedOtp, OTP_MAX_ATTEMPTS, OTP_RESEND_INTERVAL_MS, otpGate, otpResendWaitMs } from './otp';

describe('OTP rules', () => {
  it('generates six digits for any random draw, keeping leading zeros', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999 }), (n) => {
        const code = generateOtpCode({ int: () => n, bytes: () => new Uint8Array() });
        expect(code).toMatch(/^\d{6}$/);
        expect(Number(code)).toBe(n);
      }),
    );
    expect(generateOtpCode({ int: () => 42, bytes: () => new Uint8Array() })).toBe('000042');
  });
  it('gates a code by consumption, attempts and expiry', () => {
    const base = { expiresAtMs: 1000, attempts: 0, consumed: false };
    expect(otpGate(base, 999)).toBe('open');
    expect(otpGate(base, 1000)).toBe('expired');
    expect(otpGate({ ...base, attempts: OTP_MAX_ATTEMPTS - 1 }, 0)).toBe('open');
    expect(otpGate({ ...base, attempts: OTP_MAX_ATTEMPTS }, 0)).toBe('exhausted');
    expect(otpGate({ ...base, consumed: true }, 0)).toBe('consumed');
  });
  it('asks to wait between sends', () => {
    expect(otpResendWaitMs(undefined, 5)).toBe(0);
    expect(otpResendWaitMs(1000, 1000)).toBe(OTP_RESEND_INTERVAL_MS);
    expect(otpResendWaitMs(1000, 1000 + OTP_RESEND_INTERVAL_MS)).toBe(0);
  });
  it('accepts exactly six digits', () => {
    expect(isWellFormedOtp('012345')).toBe(true);
    expect(isWellFormedOtp('12345')).toBe(false);
    expect(isWellFormedOtp('1234567')).toBe(false);
    expect(isWellFormedOtp('12a456')).toBe(false);
  });
});
