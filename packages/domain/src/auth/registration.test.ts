import { describe, expect, it } from 'vitest';
import { type DomainError } from '../shared/domain-error';
import { otpFlowFor } from './otp-flow';
import { assertRegistrationCompletable, CLOSED_FUNNEL, displayNameProblem, funnelFor, phoneProblem, STANDARD_FUNNEL } from './registration';
import { isLoginThrottled, LOGIN_MAX_FAILURES_PER_ACCOUNT, LOGIN_MAX_FAILURES_PER_IP } from './throttle';

describe('registration rules', () => {
  it('puts listed sources in the closed funnel', () => {
    expect(funnelFor('closed_funnel', ['closed_funnel'])).toBe(CLOSED_FUNNEL);
    expect(funnelFor('landing', ['closed_funnel'])).toBe(STANDARD_FUNNEL);
    expect(funnelFor(undefined, ['closed_funnel'])).toBe(STANDARD_FUNNEL);
  });
  it('validates display names and phones', () => {
    expect(displayNameProblem('Lucky Star_7')).toBeUndefined();
    expect(displayNameProblem('ab')).toBeDefined();
    expect(displayNameProblem(' abc')).toBeDefined();
    expect(displayNameProblem('<script>')).toBeDefined();
    expect(displayNameProblem('x'.repeat(33))).toBeDefined();
    expect(phoneProblem('+15551234567')).toBeUndefined();
    expect(phoneProblem('5551234567')).toBeDefined();
    expect(phoneProblem('+0123456789')).toBeDefined();
  });
  it('needs a display name and a phone to complete', () => {
    expect(() => assertRegistrationCompletable({ login: 'Lucky', phone: '+15551234567' })).not.toThrow();
    try {
      assertRegistrationCompletable({ login: undefined, phone: null });
      expect.unreachable();
    } catch (error) {
      expect((error as DomainError).fields).toEqual({ login: 'Required', phone: 'Required' });
    }
  });
});

describe('OTP flow', () => {
  const rules = { bySource: { closed_funnel: 'phone' as const, partner: 'none' as const }, defaultFlow: 'email' as const };
  it('prefers the registration source, then the traffic source, then the default', () => {
    const confirmed = { email: false, phone: false };
    expect(otpFlowFor({ registrationSource: 'closed_funnel', trafficSource: 'partner' }, rules, confirmed).flow).toBe('phone');
    expect(otpFlowFor({ registrationSource: 'web', trafficSource: 'partner' }, rules, confirmed)).toEqual({ flow: 'none', steps: [] });
    expect(otpFlowFor({ registrationSource: undefined, trafficSource: undefined }, rules, confirmed)).toEqual({ flow: 'email', steps: [{ type: 'email', completed: false }] });
    expect(otpFlowFor({ registrationSource: 'toString', trafficSource: undefined }, rules, confirmed).flow).toBe('email');
  });
  it('reports confirmed contacts as completed steps', () => {
    expect(otpFlowFor({ registrationSource: 'closed_funnel', trafficSource: undefined }, rules, { email: false, phone: true }).steps).toEqual([{ type: 'phone', completed: true }]);
  });
});

describe('login throttle', () => {
  it('throttles at the per-account and per-IP limits', () => {
    expect(isLoginThrottled({ account: LOGIN_MAX_FAILURES_PER_ACCOUNT - 1, ip: LOGIN_MAX_FAILURES_PER_IP - 1 })).toBe(false);
    expect(isLoginThrottled({ account: LOGIN_MAX_FAILURES_PER_ACCOUNT, ip: 0 })).toBe(true);
    expect(isLoginThrottled({ account: 0, ip: LOGIN_MAX_FAILURES_PER_IP })).toBe(true);
  });
});
