/** Sign-in throttling figures (docs/auth.md). Failures count over a sliding window. */
export const LOGIN_THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_MAX_FAILURES_PER_ACCOUNT = 5;
export const LOGIN_MAX_FAILURES_PER_IP = 20;
/** Reset mails per address per hour; further requests answer success but send nothing. */
export const RESET_MAILS_PER_EMAIL = 3;
export const RESET_MAIL_WINDOW_MS = 60 * 60 * 1000;
/** Email-confirmation resends: one a minute, five an hour per player (the sign-up mail counts). */
export const CONFIRM_MAIL_INTERVAL_MS = 60 * 1000;
export const CONFIRM_MAILS_PER_HOUR = 5;
export const CONFIRM_MAIL_WINDOW_MS = 60 * 60 * 1000;

/** True when another sign-in attempt must be refused before the password is even checked. */
export function isLoginThrottled(failures: { account: number; ip: number }): boolean {
  return failures.account >= LOGIN_MAX_FAILURES_PER_ACCOUNT || failures.ip >= LOGIN_MAX_FAILURES_PER_IP;
}
