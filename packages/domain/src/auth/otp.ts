import type { Rng } from '../shared/rng';

export const OTP_LENGTH = 6;
export const OTP_LIFETIME_MS = 10 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;
/** A new code for the same contact may be asked for after this pause (stops SMS pumping). */
export const OTP_RESEND_INTERVAL_MS = 60 * 1000;

/** A uniformly random 6-digit code, leading zeros kept. */
export function generateOtpCode(rng: Rng): string {
  return String(rng.int(10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

export interface OtpState {
  expiresAtMs: number;
  attempts: number;
  consumed: boolean;
}

export type OtpGate = 'open' | 'expired' | 'exhausted' | 'consumed';

/** Whether a stored code may still be tried at `nowMs` (before comparing the digits). */
export function otpGate(state: OtpState, nowMs: number): OtpGate {
  if (state.consumed) return 'consumed';
  if (state.attempts >= OTP_MAX_ATTEMPTS) return 'exhausted';
  if (nowMs >= state.expiresAtMs) return 'expired';
  return 'open';
}

/** Milliseconds the player must still wait before another code may be sent (0 when allowed). */
export function otpResendWaitMs(lastSentAtMs: number | undefined, nowMs: number): number {
  if (lastSentAtMs === undefined) return 0;
  return Math.max(0, lastSentAtMs + OTP_RESEND_INTERVAL_MS - nowMs);
}

/** A code as typed: digits only, exactly six. */
export function isWellFormedOtp(code: string): boolean {
  return /^\d{6}$/.test(code);
}
