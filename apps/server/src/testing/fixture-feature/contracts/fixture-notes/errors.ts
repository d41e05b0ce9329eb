import { defineErrors } from '@sweepstack/contracts/errors';

export const FIXTURE_NOTES_ERRORS = defineErrors({
  FIXTURE_NOTES_CLOSED: { status: 409, messageKey: 'errors.fixtureNotesClosed', message: 'Notes are closed.' },
});

type FixtureNotesErrors = typeof FIXTURE_NOTES_ERRORS;

declare module '@sweepstack/contracts/errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the feature's codes
  interface FeatureErrorCatalogue extends FixtureNotesErrors {}
}
