import { defineErrors } from '../errors';

/** The lottery's expected failures (docs/features/lottery.md): nothing moves when one is answered. */
export const LOTTERY_ERRORS = defineErrors({
  LOTTERY_DRAW_NOT_FOUND: { status: 404, messageKey: 'errors.lotteryDrawNotFound', message: 'No such lottery draw.' },
  LOTTERY_NOT_DRAWN: { status: 409, messageKey: 'errors.lotteryNotDrawn', message: 'This draw has not taken place yet.' },
  LOTTERY_REWARD_NOT_FOUND: { status: 404, messageKey: 'errors.lotteryRewardNotFound', message: 'No such lottery reward.' },
  LOTTERY_REWARD_TAKEN: { status: 409, messageKey: 'errors.lotteryRewardTaken', message: 'This reward was already credited.' },
});

type LotteryErrors = typeof LOTTERY_ERRORS;

declare module '../errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the feature's codes
  interface FeatureErrorCatalogue extends LotteryErrors {}
}
