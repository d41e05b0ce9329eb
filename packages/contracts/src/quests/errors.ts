import { defineErrors } from '../errors';

/** Quests' expected failures (docs/features/quests.md). */
export const QUESTS_ERRORS = defineErrors({
  QUESTS_NOT_FOUND: { status: 404, messageKey: 'errors.questsNotFound', message: 'There is no such quest or task.' },
  QUESTS_SLUG_TAKEN: { status: 409, messageKey: 'errors.questsSlugTaken', message: 'Another quest has this slug.' },
  QUESTS_TASK_IN_PROGRESS: { status: 409, messageKey: 'errors.questsTaskInProgress', message: "Players have progress on this task: its kind, day and games can no longer change, and its target can only grow." },
  QUESTS_BAD_TASK: { status: 422, messageKey: 'errors.questsBadTask', message: 'The task does not fit its quest (a day past the last, an unknown shared game set or game).' },
});

type QuestsErrors = typeof QUESTS_ERRORS;

declare module '../errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the feature's codes
  interface FeatureErrorCatalogue extends QuestsErrors {}
}
