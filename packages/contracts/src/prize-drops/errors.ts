import { defineErrors } from '../errors';

/** Prize drops' expected failures (docs/features/prize-drops.md). */
export const PRIZE_DROPS_ERRORS = defineErrors({
  PRIZE_DROPS_BAD_TIERS: { status: 400, messageKey: 'errors.prizeDropsBadTiers', message: 'The prize tiers are not valid.' },
});

type PrizeDropsErrors = typeof PRIZE_DROPS_ERRORS;

declare module '../errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the feature's codes
  interface FeatureErrorCatalogue extends PrizeDropsErrors {}
}
