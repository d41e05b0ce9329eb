import { defineErrors } from '../errors';

/**
 * Bonus offers' expected failures (docs/features/bonuses.md): nothing moves when one is answered.
 * Another player's message answers BONUS_NOT_FOUND, as an unknown one does (ids tell nothing).
 */
export const BONUSES_ERRORS = defineErrors({
  BONUS_NOT_FOUND: { status: 404, messageKey: 'errors.bonusNotFound', message: 'This bonus was not found.' },
  BONUS_EXPIRED: { status: 409, messageKey: 'errors.bonusExpired', message: 'This bonus has expired.' },
  BONUS_ALREADY_CREDITED: { status: 409, messageKey: 'errors.bonusAlreadyCredited', message: 'This bonus was already credited.' },
  BONUS_NOT_AVAILABLE: { status: 409, messageKey: 'errors.bonusNotAvailable', message: 'This bonus is no longer available.' },
  BONUS_SELF_EXCLUDED: { status: 403, messageKey: 'errors.bonusSelfExcluded', message: 'Bonuses are not available while you are self-excluded.' },
  BONUS_COOLING_OFF: { status: 403, messageKey: 'errors.bonusCoolingOff', message: 'Bonuses are paused during your cooling-off period.' },
  BONUS_NOT_ALLOWED: { status: 403, messageKey: 'errors.bonusNotAllowed', message: 'Bonuses are not available for this account.' },
  BONUS_STATE_RESTRICTED: { status: 403, messageKey: 'errors.bonusStateRestricted', message: 'Sweepstakes play is not available where you live, so this bonus cannot be credited.' },
  BONUS_CAMPAIGN_NOT_FOUND: { status: 404, messageKey: 'errors.bonusCampaignNotFound', message: 'No such bonus campaign.' },
  BONUS_CAMPAIGN_INACTIVE: { status: 409, messageKey: 'errors.bonusCampaignInactive', message: 'This campaign is switched off: switch it on before sending it.' },
  BONUS_GRANT_NOT_PENDING: { status: 409, messageKey: 'errors.bonusGrantNotPending', message: 'This bonus is not pending any more.' },
});

type BonusesErrors = typeof BONUSES_ERRORS;

declare module '../errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the feature's codes
  interface FeatureErrorCatalogue extends BonusesErrors {}
}
