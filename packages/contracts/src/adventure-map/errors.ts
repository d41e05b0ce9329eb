import { defineErrors } from '../errors';

/** The adventure map's expected failures (docs/features/adventure-map.md). */
export const ADVENTURE_MAP_ERRORS = defineErrors({
  ADVENTURE_MAP_NOT_ACTIVE: { status: 409, messageKey: 'errors.adventureMapNotActive', message: 'The adventure map is not running right now.' },
  ADVENTURE_MAP_UNKNOWN_SECTION: { status: 404, messageKey: 'errors.adventureMapUnknownSection', message: 'The map has no such stop.' },
  ADVENTURE_MAP_NOT_NEXT: { status: 409, messageKey: 'errors.adventureMapNotNext', message: 'Move one stop at a time: only the next stop can be reached.' },
  ADVENTURE_MAP_NOT_REACHED: { status: 409, messageKey: 'errors.adventureMapNotReached', message: 'Not enough map points for that stop yet.' },
  ADVENTURE_MAP_SELF_EXCLUDED: { status: 403, messageKey: 'errors.adventureMapSelfExcluded', message: 'Map awards are not available while you are self-excluded.' },
  ADVENTURE_MAP_COOLING_OFF: { status: 403, messageKey: 'errors.adventureMapCoolingOff', message: 'Map awards are not available during a cooling-off period.' },
  ADVENTURE_MAP_NOT_ALLOWED: { status: 403, messageKey: 'errors.adventureMapNotAllowed', message: 'Map awards are not available for this account right now.' },
  ADVENTURE_MAP_STATE_RESTRICTED: { status: 403, messageKey: 'errors.adventureMapStateRestricted', message: 'This stop\'s award pays Fortune Coins, which are not available in your state.' },
  ADVENTURE_MAP_BAD_SECTIONS: { status: 422, messageKey: 'errors.adventureMapBadSections', message: 'The stops must start at 0 points and need more points at each stop.' },
});

type AdventureMapErrors = typeof ADVENTURE_MAP_ERRORS;

declare module '../errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the feature's codes
  interface FeatureErrorCatalogue extends AdventureMapErrors {}
}
