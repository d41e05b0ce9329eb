import { defineErrors } from '../errors';

/** Bingo's expected failures (docs/features/bingo.md). */
export const BINGO_ERRORS = defineErrors({
  BINGO_NOT_ACTIVE: { status: 409, messageKey: 'errors.bingoNotActive', message: 'Bingo is not running right now.' },
  BINGO_NOT_ENOUGH_BALLS: { status: 409, messageKey: 'errors.bingoNotEnoughBalls', message: 'You need 10 balls to play. Play games to earn balls.' },
  BINGO_CARD_FINISHED: { status: 409, messageKey: 'errors.bingoCardFinished', message: 'This card is finished. A new card comes with the next period.' },
  BINGO_NOT_ALLOWED: { status: 403, messageKey: 'errors.bingoNotAllowed', message: 'Bingo is not available for this account.' },
});

type BingoErrors = typeof BINGO_ERRORS;

declare module '../errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the feature's codes
  interface FeatureErrorCatalogue extends BingoErrors {}
}
