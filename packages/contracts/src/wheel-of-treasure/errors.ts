import { defineErrors } from '../errors';

/** The wheel of treasure's expected failures (docs/features/wheel-of-treasure.md). */
export const WHEEL_OF_TREASURE_ERRORS = defineErrors({
  WHEEL_OF_TREASURE_NOT_ACTIVE: { status: 409, messageKey: 'errors.wheelOfTreasureNotActive', message: 'The wheel of treasure is not running right now.' },
  WHEEL_OF_TREASURE_DAILY_USED: { status: 409, messageKey: 'errors.wheelOfTreasureDailyUsed', message: "You have used today's free spin. The next one opens at midnight, operator time." },
  WHEEL_OF_TREASURE_NO_EXTRA_SPINS: { status: 409, messageKey: 'errors.wheelOfTreasureNoExtraSpins', message: 'You have no extra spins. Extra spins come with the extra-wheel package.' },
  WHEEL_OF_TREASURE_KEY_REUSED: { status: 409, messageKey: 'errors.wheelOfTreasureKeyReused', message: 'This request key was already used for another spin.' },
  WHEEL_OF_TREASURE_COOLING_OFF: { status: 403, messageKey: 'errors.wheelOfTreasureCoolingOff', message: 'The wheel is paused during your cooling-off period.' },
  WHEEL_OF_TREASURE_SELF_EXCLUDED: { status: 403, messageKey: 'errors.wheelOfTreasureSelfExcluded', message: 'The wheel is not available while you are self-excluded.' },
  WHEEL_OF_TREASURE_NOT_ALLOWED: { status: 403, messageKey: 'errors.wheelOfTreasureNotAllowed', message: 'The wheel is not available for this account.' },
  WHEEL_OF_TREASURE_UNKNOWN_TABLE: { status: 404, messageKey: 'errors.wheelOfTreasureUnknownTable', message: 'The wheel has no prize table of this name.' },
  WHEEL_OF_TREASURE_UNKNOWN_PACKAGE: { status: 404, messageKey: 'errors.wheelOfTreasureUnknownPackage', message: 'There is no cashier package of this id.' },
});

type WheelOfTreasureErrors = typeof WHEEL_OF_TREASURE_ERRORS;

declare module '../errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the feature's codes
  interface FeatureErrorCatalogue extends WheelOfTreasureErrors {}
}
