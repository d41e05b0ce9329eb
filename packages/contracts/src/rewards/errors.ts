import { defineErrors } from '../errors';

/** Errors of the rewards engine (docs/rewards.md). */
export const REWARDS_ERRORS = defineErrors({
  REWARDS_INVALID_TABLE: { status: 422, messageKey: 'errors.rewardsInvalidTable', message: 'This prize table is not valid.' },
  REWARDS_DRAW_NOT_FOUND: { status: 404, messageKey: 'errors.rewardsDrawNotFound', message: 'This draw does not exist.' },
  FREE_SPINS_NOT_AVAILABLE: { status: 409, messageKey: 'errors.freeSpinsNotAvailable', message: 'These free spins cannot be played.' },
});

type RewardsErrors = typeof REWARDS_ERRORS;

declare module '../errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the feature's codes
  interface FeatureErrorCatalogue extends RewardsErrors {}
}
