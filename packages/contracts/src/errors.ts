/** One expected failure: its HTTP status, the i18n key of the message shown to a person, and that message in English. */
export interface ErrorEntry {
  status: number;
  messageKey: string;
  message: string;
}

/**
 * The one error catalogue of the product: stable codes, HTTP status and the i18n key of the
 * message shown to a person. Every expected failure of every endpoint is one of these.
 * The shared areas list their codes here (grouped by area, alphabetical inside a group); a feature
 * module declares its own in `contracts/src/<feature>/errors.ts` with `defineErrors` (below), which
 * joins them to the same catalogue without editing this file.
 */
export const ERROR_CATALOGUE = {
  // generic
  VALIDATION_FAILED: { status: 400, messageKey: 'errors.validationFailed', message: 'Some fields are not valid.' },
  MALFORMED_REQUEST: { status: 400, messageKey: 'errors.malformedRequest', message: 'The request could not be read.' },
  PAYLOAD_TOO_LARGE: { status: 413, messageKey: 'errors.payloadTooLarge', message: 'The request is too large.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, messageKey: 'errors.unsupportedMediaType', message: 'This content type is not accepted.' },
  NOT_FOUND: { status: 404, messageKey: 'errors.notFound', message: 'Not found.' },
  ROUTE_NOT_FOUND: { status: 404, messageKey: 'errors.routeNotFound', message: 'This API route does not exist.' },
  METHOD_NOT_ALLOWED: { status: 405, messageKey: 'errors.methodNotAllowed', message: 'This method is not allowed here.' },
  RATE_LIMITED: { status: 429, messageKey: 'errors.rateLimited', message: 'Too many requests. Please wait a moment and try again.' },
  ORIGIN_FORBIDDEN: { status: 403, messageKey: 'errors.originForbidden', message: 'This request did not come from this site.' },
  INTERNAL_ERROR: { status: 500, messageKey: 'errors.internal', message: 'Something went wrong on our side.' },
  SERVICE_UNAVAILABLE: { status: 503, messageKey: 'errors.serviceUnavailable', message: 'The service is not available right now.' },
  // auth and session
  AUTH_REQUIRED: { status: 401, messageKey: 'errors.authRequired', message: 'Please sign in to continue.' },
  AUTH_INVALID_CREDENTIALS: { status: 401, messageKey: 'errors.invalidCredentials', message: 'The email or password is not correct.' },
  AUTH_LOGIN_THROTTLED: { status: 429, messageKey: 'errors.loginThrottled', message: 'Too many sign-in attempts. Please try again later.' },
  AUTH_EMAIL_TAKEN: { status: 409, messageKey: 'errors.emailTaken', message: 'An account with this email already exists.' },
  AUTH_UNDERAGE: { status: 422, messageKey: 'errors.underage', message: 'You must be of legal age to play.' },
  AUTH_TERMS_NOT_ACCEPTED: { status: 422, messageKey: 'errors.termsNotAccepted', message: 'Please accept the terms and conditions.' },
  AUTH_CAPTCHA_FAILED: { status: 422, messageKey: 'errors.captchaFailed', message: 'The captcha check failed. Please try again.' },
  AUTH_RESET_TOKEN_INVALID: { status: 400, messageKey: 'errors.resetTokenInvalid', message: 'This reset link is invalid or has expired.' },
  AUTH_LOGIN_TOKEN_INVALID: { status: 400, messageKey: 'errors.loginTokenInvalid', message: 'This sign-in link is invalid or has expired.' },
  AUTH_EMAIL_LINK_INVALID: { status: 400, messageKey: 'errors.emailLinkInvalid', message: 'This email confirmation link is invalid, used or expired.' },
  AUTH_ACCOUNT_BLOCKED: { status: 403, messageKey: 'errors.accountBlocked', message: 'This account is not active.' },
  OTP_CODE_INVALID: { status: 400, messageKey: 'errors.otpInvalid', message: 'The code is not correct.' },
  OTP_CODE_EXPIRED: { status: 400, messageKey: 'errors.otpExpired', message: 'The code has expired. Please ask for a new one.' },
  OTP_TOO_MANY_ATTEMPTS: { status: 429, messageKey: 'errors.otpTooManyAttempts', message: 'Too many wrong codes. Please ask for a new one.' },
  OTP_CONTACT_MISSING: { status: 422, messageKey: 'errors.otpContactMissing', message: 'There is no contact to confirm.' },
  TERMS_UNKNOWN: { status: 422, messageKey: 'errors.termsUnknown', message: 'Unknown terms document.' },
  // content
  TRANSLATIONS_NOT_AVAILABLE: { status: 404, messageKey: 'errors.translationsNotAvailable', message: 'Translations not available' },
  BUILD_NOT_FOUND: { status: 404, messageKey: 'errors.buildNotFound', message: 'Unknown build.' },
  IMAGE_NOT_FOUND: { status: 404, messageKey: 'errors.imageNotFound', message: 'Image not found.' },
  IMAGE_UNREADABLE: { status: 422, messageKey: 'errors.imageUnreadable', message: 'This image could not be processed.' },
  // wallet and ledger
  WALLET_ACCOUNT_NOT_FOUND: { status: 404, messageKey: 'errors.walletAccountNotFound', message: 'This wallet account does not exist.' },
  WALLET_CURRENCY_MISMATCH: { status: 400, messageKey: 'errors.walletCurrencyMismatch', message: 'The currency does not match the account.' },
  WALLET_IDEMPOTENCY_CONFLICT: { status: 409, messageKey: 'errors.walletIdempotencyConflict', message: 'This request key was already used for a different request.' },
  WALLET_INSUFFICIENT_FUNDS: { status: 422, messageKey: 'errors.walletInsufficientFunds', message: 'Not enough coins for this.' },
  WALLET_INVALID_AMOUNT: { status: 400, messageKey: 'errors.walletInvalidAmount', message: 'The amount is not valid.' },
  WALLET_TRANSFER_NOT_PENDING: { status: 409, messageKey: 'errors.walletTransferNotPending', message: 'This transfer is no longer pending.' },
  // kyc (identity verification, documents, operators, redeem)
  KYC_CALLBACK_INVALID: { status: 401, messageKey: 'errors.kycCallbackInvalid', message: 'The identity provider callback could not be verified.' },
  KYC_DOCUMENT_NOT_FOUND: { status: 404, messageKey: 'errors.kycDocumentNotFound', message: 'This document does not exist.' },
  KYC_DOCUMENT_REJECTED: { status: 422, messageKey: 'errors.kycDocumentRejected', message: 'Document rejected' },
  KYC_DOCUMENT_TOO_LARGE: { status: 413, messageKey: 'errors.kycDocumentTooLarge', message: 'Document rejected' },
  KYC_DOCUMENT_NOT_PENDING: { status: 409, messageKey: 'errors.kycDocumentNotPending', message: 'This document has already been reviewed.' },
  KYC_DOCUMENT_LIMIT_REACHED: { status: 409, messageKey: 'errors.kycDocumentLimitReached', message: 'Too many documents are waiting for review. Please wait for our answer.' },
  KYC_VERIFICATION_NOT_AVAILABLE: { status: 409, messageKey: 'errors.kycVerificationNotAvailable', message: 'Identity verification is not available right now.' },
  OPERATOR_AUTH_REQUIRED: { status: 401, messageKey: 'errors.operatorAuthRequired', message: 'Operator sign-in required.' },
  OPERATOR_FORBIDDEN: { status: 403, messageKey: 'errors.operatorForbidden', message: 'Your operator role does not allow this.' },
  OPERATOR_INVALID_CREDENTIALS: { status: 401, messageKey: 'errors.operatorInvalidCredentials', message: 'The email or password is not correct.' },
  OPERATOR_JOB_NOT_FOUND: { status: 404, messageKey: 'errors.operatorJobNotFound', message: 'This job does not exist.' },
  OPERATOR_JOB_STATE_CONFLICT: { status: 409, messageKey: 'errors.operatorJobStateConflict', message: 'This job cannot do that in its current state.' },
  OPERATOR_JOB_SCHEDULE_NOT_FOUND: { status: 404, messageKey: 'errors.operatorJobScheduleNotFound', message: 'This job kind has no schedule.' },
  REDEEM_BELOW_MINIMUM: { status: 422, messageKey: 'errors.redeemBelowMinimum', message: 'The amount is below the minimum for this method.' },
  REDEEM_COOLING_OFF: { status: 403, messageKey: 'errors.redeemCoolingOff', message: 'Redeeming is paused during your cooling-off period.' },
  REDEEM_NOT_AVAILABLE: { status: 409, messageKey: 'errors.redeemNotAvailable', message: 'Redeem is not available right now.' },
  REDEEM_NOT_FOUND: { status: 404, messageKey: 'errors.redeemNotFound', message: 'This redemption does not exist.' },
  REDEEM_NOT_PENDING: { status: 409, messageKey: 'errors.redeemNotPending', message: 'This redemption is no longer pending.' },
  REDEEM_NOT_VERIFIED: { status: 403, messageKey: 'errors.redeemNotVerified', message: 'Please verify your identity before redeeming.' },
  REDEEM_SELF_EXCLUDED: { status: 403, messageKey: 'errors.redeemSelfExcluded', message: 'Redeeming is not available while you are self-excluded.' },
  REDEEM_WRONG_MODE: { status: 409, messageKey: 'errors.redeemWrongMode', message: 'Switch to Fortune Coins (SweepStakes) to redeem.' },
  // cashier
  CASHIER_CHALLENGE_COMPLETED: { status: 409, messageKey: 'errors.cashierChallengeCompleted', message: 'This verification was already completed.' },
  CASHIER_CHALLENGE_NOT_FOUND: { status: 404, messageKey: 'errors.cashierChallengeNotFound', message: 'This verification does not exist.' },
  CASHIER_COOLING_OFF: { status: 403, messageKey: 'errors.cashierCoolingOff', message: 'Purchases are paused during your cooling-off period.' },
  CASHIER_IDEMPOTENCY_CONFLICT: { status: 409, messageKey: 'errors.cashierIdempotencyConflict', message: 'This purchase key was already used for a different purchase.' },
  CASHIER_PACKAGE_NOT_FOUND: { status: 404, messageKey: 'errors.cashierPackageNotFound', message: 'This package is not available.' },
  CASHIER_PAYMENT_NOT_FOUND: { status: 404, messageKey: 'errors.cashierPaymentNotFound', message: 'This payment does not exist.' },
  CASHIER_PROVIDER_UNAVAILABLE: { status: 503, messageKey: 'errors.cashierProviderUnavailable', message: 'We are failed to process your transaction. Please try again.' },
  CASHIER_PURCHASE_LIMIT_EXCEEDED: { status: 422, messageKey: 'errors.cashierPurchaseLimitExceeded', message: 'This purchase is over your purchase limit.' },
  CASHIER_SELF_EXCLUDED: { status: 403, messageKey: 'errors.cashierSelfExcluded', message: 'Purchases are not available while you are self-excluded.' },
  CASHIER_WEBHOOK_SIGNATURE_INVALID: { status: 401, messageKey: 'errors.cashierWebhookSignatureInvalid', message: 'The webhook signature is not valid.' },
  CASHIER_WEBHOOK_TIMESTAMP_INVALID: { status: 401, messageKey: 'errors.cashierWebhookTimestampInvalid', message: 'The webhook timestamp is outside the tolerance.' },
  // geo restriction
  GEO_SWEEPSTAKES_RESTRICTED: { status: 403, messageKey: 'errors.geoSweepstakesRestricted', message: 'Fortune Coin play is not available in your state. You can keep playing with Gold Coins.' },
  // games (catalogue, play API, fairness)
  GAME_BET_INVALID: { status: 422, messageKey: 'errors.gameBetInvalid', message: 'This bet is not offered in this game.' },
  GAME_BET_OVER_MAX: { status: 422, messageKey: 'errors.gameBetOverMax', message: 'This bet is over the maximum for this game.' },
  GAME_BONUS_BUY_UNAVAILABLE: { status: 422, messageKey: 'errors.gameBonusBuyUnavailable', message: 'This game has no bonus buy.' },
  GAME_CACHE_DISABLED: { status: 404, messageKey: 'errors.gameCacheDisabled', message: 'The games cache is not used on this site.' },
  GAME_CACHE_EMPTY: { status: 404, messageKey: 'errors.gameCacheEmpty', message: 'No games are cached for this group yet.' },
  GAME_CACHE_INVALID: { status: 422, messageKey: 'errors.gameCacheInvalid', message: 'Cached games not valid' },
  GAME_CACHE_NOT_FOUND: { status: 404, messageKey: 'errors.gameCacheNotFound', message: 'playerRestrictionIdsHash not found' },
  GAME_FAIRNESS_ROUND_NOT_FOUND: { status: 404, messageKey: 'errors.gameFairnessRoundNotFound', message: 'This round does not exist.' },
  GAME_FEATURE_IN_PROGRESS: { status: 409, messageKey: 'errors.gameFeatureInProgress', message: 'Finish the free spins or respins first.' },
  GAME_MODE_MISMATCH: { status: 409, messageKey: 'errors.gameModeMismatch', message: 'The game mode changed. Please reopen the game.' },
  GAME_NOT_FOUND: { status: 404, messageKey: 'errors.gameNotFound', message: 'This game does not exist.' },
  GAME_PLAY_COOLING_OFF: { status: 403, messageKey: 'errors.gamePlayCoolingOff', message: 'Play is paused during your cooling-off period.' },
  GAME_PLAY_NOT_ALLOWED: { status: 403, messageKey: 'errors.gamePlayNotAllowed', message: 'Play is not available on this account.' },
  GAME_PLAY_SELF_EXCLUDED: { status: 403, messageKey: 'errors.gamePlaySelfExcluded', message: 'Play is not available while you are self-excluded.' },
  GAME_ROUND_KEY_CONFLICT: { status: 409, messageKey: 'errors.gameRoundKeyConflict', message: 'This spin key was already used for a different spin.' },
  GAME_SESSION_CLOSED: { status: 409, messageKey: 'errors.gameSessionClosed', message: 'This game session is closed. Please reopen the game.' },
  GAME_SESSION_FORBIDDEN: { status: 403, messageKey: 'errors.gameSessionForbidden', message: 'This game session belongs to another player.' },
  GAME_SESSION_NOT_FOUND: { status: 404, messageKey: 'errors.gameSessionNotFound', message: 'This game session does not exist.' },
  // responsible play (cooling-off, self-exclusion, reality check)
  RESPONSIBLE_PLAY_CANNOT_SHORTEN: { status: 409, messageKey: 'errors.responsiblePlayCannotShorten', message: 'Your current break lasts at least as long. A break cannot be shortened or lifted early.' },
  RESPONSIBLE_PLAY_INTERVAL_NOT_OFFERED: { status: 400, messageKey: 'errors.responsiblePlayIntervalNotOffered', message: 'Choose a reminder interval from the list: off, or 15, 30, 45, 60, 90 or 120 minutes.' },
  RESPONSIBLE_PLAY_SELF_EXCLUDED: { status: 409, messageKey: 'errors.responsiblePlaySelfExcluded', message: 'You are self-excluded: a cooling-off period cannot replace it.' },
} as const satisfies Record<string, ErrorEntry>;

/**
 * The error codes features declare, for the types: a feature's errors.ts adds its own with
 * `declare module '../errors' { interface FeatureErrorCatalogue extends DailyLoginErrors {} }` where
 * `type DailyLoginErrors = typeof DAILY_LOGIN_ERRORS` and `DAILY_LOGIN_ERRORS = defineErrors({ … })`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by module augmentation
export interface FeatureErrorCatalogue {}

export type ErrorCode = keyof typeof ERROR_CATALOGUE | (keyof FeatureErrorCatalogue & string);

const featureErrors = new Map<string, ErrorEntry>();

/**
 * Declares a feature's error codes (the runtime half of `FeatureErrorCatalogue`). Codes are
 * UPPER_SNAKE, start with the feature's prefix by convention (`DAILY_LOGIN_…`), and are unique across
 * the whole catalogue; message keys are `errors.<camelCase>` like the shared ones.
 */
export function defineErrors<const C extends Record<string, ErrorEntry>>(entries: C): C {
  for (const [code, entry] of Object.entries(entries)) {
    if (!/^[A-Z][A-Z0-9_]{2,63}$/.test(code)) throw new Error(`error code ${code} is not UPPER_SNAKE`);
    if (Object.hasOwn(ERROR_CATALOGUE, code) || featureErrors.has(code)) throw new Error(`error code ${code} is declared twice`);
    if (!/^errors\.[a-z][A-Za-z0-9]*$/.test(entry.messageKey)) throw new Error(`error ${code}: message key ${entry.messageKey} is not errors.<camelCase>`);
    featureErrors.set(code, Object.freeze({ ...entry }));
  }
  return entries;
}

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && (Object.hasOwn(ERROR_CATALOGUE, code) || featureErrors.has(code));
}

/** The catalogue entry of a code (shared or declared by a feature). */
export function errorEntry(code: ErrorCode): ErrorEntry {
  const entry = Object.hasOwn(ERROR_CATALOGUE, code) ? ERROR_CATALOGUE[code as keyof typeof ERROR_CATALOGUE] : featureErrors.get(code);
  // A code outside the catalogue cannot be typed; one that was typed but never declared is a bug.
  if (!entry) throw new Error(`error code ${code} is not declared (defineErrors in contracts/src/<feature>/errors.ts)`);
  return entry;
}

/** The whole catalogue: the shared codes and every code features declared so far. */
export function errorCatalogue(): Record<string, ErrorEntry> {
  return { ...ERROR_CATALOGUE, ...Object.fromEntries(featureErrors) };
}

/** Field-level messages: path (dot-joined) → message. */
export type ErrorFields = Record<string, string>;

/** An expected failure with a stable code; mapped to HTTP in one place (the server's error handler). */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: ErrorFields | undefined;
  readonly details: Record<string, unknown> | undefined;
  constructor(code: ErrorCode, options: { message?: string; fields?: ErrorFields; details?: Record<string, unknown> } = {}) {
    super(options.message ?? errorEntry(code).message);
    this.name = 'AppError';
    this.code = code;
    this.fields = options.fields;
    this.details = options.details;
  }
  get status(): number {
    return errorEntry(this.code).status;
  }
}
