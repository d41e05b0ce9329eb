/**
 * The restrictions that apply to a visitor, as stable string ids (docs/app-data.md). Their sorted
 * list is hashed into `playerRestrictionIdsHash`, which the games catalogue uses as the cache key of
 * the games a visitor may see: two visitors with the same restrictions share one cached list.
 */

export interface RestrictionSubject {
  isGuest: boolean;
  /** The player's account status (ACTIVE, SELF_EXCLUDED…); null for guests. */
  accountStatus: string | null;
  /** USPS code of the player's known state, or null when unknown. */
  stateCode: string | null;
}

/**
 * Ids of the restrictions that apply: `guest` for visitors who are not signed in, `account:<status>`
 * for accounts that are not ACTIVE, `state:<XX>` when the player's state restricts sweepstakes play.
 * Sorted and without duplicates, so that the same set always gives the same list.
 */
export function restrictionIds(subject: RestrictionSubject, restrictedStateCodes: ReadonlySet<string>): string[] {
  const ids = new Set<string>();
  if (subject.isGuest) ids.add('guest');
  if (!subject.isGuest && subject.accountStatus && subject.accountStatus !== 'ACTIVE') ids.add(`account:${subject.accountStatus}`);
  const state = subject.stateCode?.toUpperCase() ?? null;
  if (state && restrictedStateCodes.has(state)) ids.add(`state:${state}`);
  return [...ids].sort();
}

/** The text that is hashed: the sorted ids joined by newlines (ids never contain one). */
export function restrictionIdsDigestInput(ids: readonly string[]): string {
  return [...new Set(ids)].sort().join('\n');
}
