import { defineErrors } from '../errors';

/** Tournaments' expected failures (docs/features/tournaments.md). */
export const TOURNAMENTS_ERRORS = defineErrors({
  TOURNAMENT_NOT_FOUND: { status: 404, messageKey: 'errors.tournamentNotFound', message: 'There is no such tournament.' },
  TOURNAMENT_NOT_OPEN: { status: 409, messageKey: 'errors.tournamentNotOpen', message: 'This tournament is not open for joining right now.' },
  TOURNAMENT_NOT_ALLOWED: { status: 403, messageKey: 'errors.tournamentNotAllowed', message: 'Tournaments are not available for this account.' },
  TOURNAMENT_STATE_CONFLICT: { status: 409, messageKey: 'errors.tournamentStateConflict', message: 'The tournament cannot do that in its current state.' },
  TOURNAMENT_SCHEDULE_INVALID: { status: 400, messageKey: 'errors.tournamentScheduleInvalid', message: 'The tournament schedule is not valid.' },
});

type TournamentsErrors = typeof TOURNAMENTS_ERRORS;

declare module '../errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the feature's codes
  interface FeatureErrorCatalogue extends TournamentsErrors {}
}
