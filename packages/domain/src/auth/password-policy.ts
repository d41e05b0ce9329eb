import { DomainError } from '../shared/domain-error';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** The reason a password is refused, or undefined when it meets the policy. */
export function passwordProblem(password: string): string | undefined {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters`;
  if (length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters`;
  if (!/\p{L}/u.test(password)) return 'Use at least one letter';
  if (!/\p{Nd}/u.test(password)) return 'Use at least one digit';
  if (password.trim() !== password) return 'The password may not start or end with a space';
  return undefined;
}

/** Password policy: 8-128 characters with at least one letter and one digit. Throws VALIDATION_FAILED. */
export function assertPasswordAcceptable(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new DomainError('VALIDATION_FAILED', 'The password is too weak', { password: problem });
}
