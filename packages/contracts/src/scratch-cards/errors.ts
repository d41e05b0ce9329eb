import { defineErrors } from '../errors';

/** The scratch cards' expected failures (docs/features/scratch-cards.md). */
export const SCRATCH_CARDS_ERRORS = defineErrors({
  SCRATCH_CARDS_CARD_NOT_FOUND: { status: 404, messageKey: 'errors.scratchCardsCardNotFound', message: 'There is no such scratch card.' },
  SCRATCH_CARDS_NOT_READY: { status: 409, messageKey: 'errors.scratchCardsNotReady', message: 'This card cannot be scratched yet: wait for its timer.' },
  SCRATCH_CARDS_ALREADY_SCRATCHED: { status: 409, messageKey: 'errors.scratchCardsAlreadyScratched', message: 'This card was already scratched.' },
  SCRATCH_CARDS_KEY_REUSED: { status: 409, messageKey: 'errors.scratchCardsKeyReused', message: 'This request key was already used for another card.' },
  SCRATCH_CARDS_COOLING_OFF: { status: 403, messageKey: 'errors.scratchCardsCoolingOff', message: 'Scratch cards are paused during your cooling-off period.' },
  SCRATCH_CARDS_SELF_EXCLUDED: { status: 403, messageKey: 'errors.scratchCardsSelfExcluded', message: 'Scratch cards are not available while you are self-excluded.' },
  SCRATCH_CARDS_NOT_ALLOWED: { status: 403, messageKey: 'errors.scratchCardsNotAllowed', message: 'Scratch cards are not available for this account.' },
  SCRATCH_CARDS_STATE_RESTRICTED: { status: 403, messageKey: 'errors.scratchCardsStateRestricted', message: 'Scratch cards can pay Fortune Coins, which are not available in your state.' },
  SCRATCH_CARDS_INVALID_TABLE: { status: 400, messageKey: 'errors.scratchCardsInvalidTable', message: 'A scratch card pays Gold Coins, Fortune Coins or nothing.' },
});

type ScratchCardsErrors = typeof SCRATCH_CARDS_ERRORS;

declare module '../errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the feature's codes
  interface FeatureErrorCatalogue extends ScratchCardsErrors {}
}
