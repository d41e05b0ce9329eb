import { DomainError } from '../shared/domain-error';

export const CLOSED_FUNNEL = 'closed_funnel';
export const STANDARD_FUNNEL = 'standard';

/**
 * The funnel a sign-up enters: the closed funnel when its registration source is one of the
 * operator's closed-funnel sources (collects display name and phone after sign-up), else standard.
 */
export function funnelFor(registrationSource: string | undefined, closedFunnelSources: readonly string[]): string {
  return registrationSource !== undefined && closedFunnelSources.includes(registrationSource) ? CLOSED_FUNNEL : STANDARD_FUNNEL;
}

/** A display name: 3-32 letters, digits, spaces, dot, dash or underscore; not only spaces. */
export function displayNameProblem(login: string): string | undefined {
  if (login.trim() !== login) return 'No leading or trailing spaces';
  if ([...login].length < 3) return 'Use at least 3 characters';
  if ([...login].length > 32) return 'Use at most 32 characters';
  if (!/^[\p{L}\p{Nd} ._-]+$/u.test(login)) return 'Use letters, digits, spaces, dots, dashes or underscores';
  return undefined;
}

/** An international phone number in E.164 form: +, country code, 8 to 15 digits in all. */
export function phoneProblem(phone: string): string | undefined {
  return /^\+[1-9]\d{7,14}$/.test(phone) ? undefined : 'Enter the number in international form, e.g. +15551234567';
}

export interface RegistrationFields {
  login: string | undefined;
  phone: string | null | undefined;
}

/**
 * What completing a registration needs: a valid display name and a valid phone number (the closed
 * funnel confirms the phone by SMS). Throws VALIDATION_FAILED naming each missing field.
 */
export function assertRegistrationCompletable(fields: RegistrationFields): void {
  const problems: Record<string, string> = {};
  const loginProblem = fields.login === undefined ? 'Required' : displayNameProblem(fields.login);
  if (loginProblem) problems.login = loginProblem;
  const phone = fields.phone ?? undefined;
  const phoneIssue = phone === undefined ? 'Required' : phoneProblem(phone);
  if (phoneIssue) problems.phone = phoneIssue;
  if (Object.keys(problems).length > 0) throw new DomainError('VALIDATION_FAILED', 'Some fields are missing', problems);
}
