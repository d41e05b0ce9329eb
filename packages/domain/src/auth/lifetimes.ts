/** Lifetimes and limits of everything around accounts (docs/auth.md lists them for operators). */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** A session's expiry is pushed forward at most this often (saves a write on every request). */
export const SESSION_REFRESH_INTERVAL_MS = 10 * 60 * 1000;
export const LOGIN_TOKEN_LIFETIME_MS = 15 * 60 * 1000;
export const PASSWORD_RESET_LIFETIME_MS = 60 * 60 * 1000;
/** An email-confirmation link (mailed at sign-up and on resend; the newest link only). */
export const EMAIL_CONFIRM_LIFETIME_MS = 24 * 60 * 60 * 1000;
