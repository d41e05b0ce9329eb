import { defineErrors } from '../errors';

/** The free entry's expected failures (docs/features/free-entry.md): nothing moves when one is answered. */
export const FREE_ENTRY_ERRORS = defineErrors({
  FREE_ENTRY_NOT_ACTIVE: { status: 409, messageKey: 'errors.freeEntryNotActive', message: 'Free entry requests are not open right now.' },
  FREE_ENTRY_DAILY_LIMIT: { status: 409, messageKey: 'errors.freeEntryDailyLimit', message: "You have made today's free entry request. The next one opens tomorrow." },
  FREE_ENTRY_NOT_ALLOWED: { status: 403, messageKey: 'errors.freeEntryNotAllowed', message: 'Free entry requests are not available for this account.' },
  FREE_ENTRY_SELF_EXCLUDED: { status: 403, messageKey: 'errors.freeEntrySelfExcluded', message: 'Free entry requests are not available while you are self-excluded.' },
  FREE_ENTRY_COOLING_OFF: { status: 403, messageKey: 'errors.freeEntryCoolingOff', message: 'Free entry requests are paused during your cooling-off period.' },
  FREE_ENTRY_STATE_RESTRICTED: { status: 403, messageKey: 'errors.freeEntryStateRestricted', message: 'Sweepstakes play is not available where you live, so free Fortune Coins cannot be requested.' },
  FREE_ENTRY_CODE_UNKNOWN: { status: 404, messageKey: 'errors.freeEntryCodeUnknown', message: 'No free entry request has this code.' },
  FREE_ENTRY_CODE_USED: { status: 409, messageKey: 'errors.freeEntryCodeUsed', message: 'A letter with this code was already received.' },
  FREE_ENTRY_POSTMARK_IN_FUTURE: { status: 422, messageKey: 'errors.freeEntryPostmarkInFuture', message: 'The postmark date is later than today: check the envelope.' },
  FREE_ENTRY_RETURN_ADDRESS_INVALID: { status: 422, messageKey: 'errors.freeEntryReturnAddressInvalid', message: 'The return address needs a street line and a postal code.' },
  FREE_ENTRY_REQUEST_NOT_FOUND: { status: 404, messageKey: 'errors.freeEntryRequestNotFound', message: 'No such free entry request.' },
  FREE_ENTRY_ALREADY_DECIDED: { status: 409, messageKey: 'errors.freeEntryAlreadyDecided', message: 'This request is not waiting for a decision.' },
});

type FreeEntryErrors = typeof FREE_ENTRY_ERRORS;

declare module '../errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the feature's codes
  interface FeatureErrorCatalogue extends FreeEntryErrors {}
}
