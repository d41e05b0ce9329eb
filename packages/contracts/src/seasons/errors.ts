import { defineErrors } from '../errors';

/** The seasons' expected failures (docs/features/seasons.md). */
export const SEASONS_ERRORS = defineErrors({
  SEASONS_NOT_FOUND: { status: 404, messageKey: 'errors.seasonsNotFound', message: 'There is no season of this name.' },
  SEASONS_NO_SEASON: { status: 404, messageKey: 'errors.seasonsNoSeason', message: 'No season is running or announced right now.' },
  SEASONS_SLUG_TAKEN: { status: 409, messageKey: 'errors.seasonsSlugTaken', message: 'A season of this name exists already.' },
  SEASONS_OVERLAP: { status: 409, messageKey: 'errors.seasonsOverlap', message: 'Seasons may not overlap: another season runs in part of this time.' },
  SEASONS_ALREADY_STARTED: { status: 409, messageKey: 'errors.seasonsAlreadyStarted', message: 'This season has started: its levels, rates and times can no longer change.' },
  SEASONS_UNKNOWN_PACKAGE: { status: 404, messageKey: 'errors.seasonsUnknownPackage', message: 'There is no cashier package of this id.' },
});

type SeasonsErrors = typeof SEASONS_ERRORS;

declare module '../errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the feature's codes
  interface FeatureErrorCatalogue extends SeasonsErrors {}
}
