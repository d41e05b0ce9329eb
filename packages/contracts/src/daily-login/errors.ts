import { defineErrors } from '../errors';

/** Daily login's expected failures (docs/features/daily-login.md): nothing moves when one is answered. */
export const DAILY_LOGIN_ERRORS = defineErrors({
  DAILY_LOGIN_ALREADY_CLAIMED: { status: 409, messageKey: 'errors.dailyLoginAlreadyClaimed', message: "Today's prize was already claimed. Come back when the next one opens." },
  DAILY_LOGIN_NOT_ACTIVE: { status: 409, messageKey: 'errors.dailyLoginNotActive', message: 'Daily login prizes are not running right now.' },
  DAILY_LOGIN_SELF_EXCLUDED: { status: 403, messageKey: 'errors.dailyLoginSelfExcluded', message: 'Daily prizes are not available while you are self-excluded.' },
  DAILY_LOGIN_COOLING_OFF: { status: 403, messageKey: 'errors.dailyLoginCoolingOff', message: 'Daily prizes are paused during your cooling-off period.' },
  DAILY_LOGIN_NOT_ALLOWED: { status: 403, messageKey: 'errors.dailyLoginNotAllowed', message: 'Daily prizes are not available for this account.' },
  DAILY_LOGIN_UNAVAILABLE_TODAY: { status: 503, messageKey: 'errors.dailyLoginUnavailableToday', message: "Today's daily prizes are not available. This day will not break your streak." },
});

type DailyLoginErrors = typeof DAILY_LOGIN_ERRORS;

declare module '../errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the feature's codes
  interface FeatureErrorCatalogue extends DailyLoginErrors {}
}
