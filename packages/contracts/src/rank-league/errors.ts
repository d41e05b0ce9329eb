import { defineErrors } from '../errors';

/** The rank league's and cashback's expected failures (docs/features/rank-league.md): nothing moves when one is answered. */
export const RANK_LEAGUE_ERRORS = defineErrors({
  CASHBACK_NOT_AVAILABLE: { status: 409, messageKey: 'errors.cashbackNotAvailable', message: 'There is no cashback to claim right now.' },
  RANK_LEAGUE_NOT_ENABLED: { status: 409, messageKey: 'errors.rankLeagueNotEnabled', message: 'The VIP league is not running right now.' },
  RANK_LEAGUE_NOT_ALLOWED: { status: 403, messageKey: 'errors.rankLeagueNotAllowed', message: 'VIP rewards are not available for this account right now.' },
});

type RankLeagueErrors = typeof RANK_LEAGUE_ERRORS;

declare module '../errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the feature's codes
  interface FeatureErrorCatalogue extends RankLeagueErrors {}
}
