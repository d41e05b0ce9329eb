/**
 * Where Fortune Coin (SweepStakes) play is refused (docs/geo-restriction.md): a player whose known
 * US state is on the operator's restricted list plays Gold Coins only. A state that is not known
 * restricts nothing (the same rule as the `state:<XX>` restriction id of playerRestrictionIdsHash).
 */

/** The first known state (USPS code, any case) on the restricted list, upper case; null when none is. */
export function restrictedSweepstakesState(knownStates: ReadonlyArray<string | null | undefined>, restrictedStateCodes: ReadonlySet<string>): string | null {
  if (restrictedStateCodes.size === 0) return null;
  for (const raw of knownStates) {
    const state = raw?.trim().toUpperCase();
    if (state && restrictedStateCodes.has(state)) return state;
  }
  return null;
}
