import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/domain-error';
import { assertPasswordAcceptable, passwordProblem } from './password-policy';

describe('password policy', () => {
  it('accepts 8-128 characters with a letter and a digit', () => {
    expect(passwordProblem('abcdefg1')).toBeUndefined();
    expect(passwordProblem('Demo-Player-2026')).toBeUndefined();
    expect(passwordProblem('a1'.repeat(64))).toBeUndefined();
    expect(passwordProblem('пароль123')).toBeUndefined();
  });
  it('refuses short, long, letterless, digitless and space-padded passwords', () => {
    expect(passwordProblem('abc1234')).toMatch(/at least 8/);
    expect(passwordProblem('a1'.repeat(64) + 'x')).toMatch(/at most 128/);
    expect(passwordProblem('12345678')).toMatch(/letter/);
    expect(passwordProblem('abcdefgh')).toMatch(/digit/);
    expect(passwordProblem(' abcdefg1')).toMatch(/space/);
  });
  it('throws VALIDATION_FAILED with a password field', () => {
    try {
      assertPasswordAcceptable('short');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe('VALIDATION_FAILED');
      expect((error as DomainError).fields).toHaveProperty('password');
    }
  });
});
