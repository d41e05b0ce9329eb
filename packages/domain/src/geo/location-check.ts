/**
 * The answer of a location check (docs/geo-restriction.md, "Rules of the location checks"). The
 * service area is the 50 states and DC; sweepstakes play is refused in the operator's restricted states.
 */
export type LocationCheckReason = 'allowed' | 'state_restricted' | 'outside_service_area' | 'unknown';

export interface LocatedPlace {
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** USPS code (states, DC and territories) when the country is US and the state is known. */
  state: string | null;
}

export interface LocationDecision {
  access: boolean;
  reason: LocationCheckReason;
  country: string | null;
  state: string | null;
}

/** US territories: US addresses outside the service area. */
export const US_TERRITORIES: ReadonlySet<string> = new Set(['AS', 'GU', 'MP', 'PR', 'VI', 'UM']);

/**
 * - nothing located (a loopback or private address, no range holds it, or the US without a state): access, `unknown`;
 * - another country, or a US territory: no access, `outside_service_area`;
 * - a state on the restricted list: no access, `state_restricted`;
 * - any other state or DC: access, `allowed`.
 */
export function decideLocation(place: LocatedPlace | null, restrictedStateCodes: ReadonlySet<string>): LocationDecision {
  if (place === null) return { access: true, reason: 'unknown', country: null, state: null };
  const country = place.country.toUpperCase();
  const state = place.state?.toUpperCase() ?? null;
  if (country !== 'US') return { access: false, reason: 'outside_service_area', country, state: null };
  if (state === null) return { access: true, reason: 'unknown', country, state };
  if (US_TERRITORIES.has(state)) return { access: false, reason: 'outside_service_area', country, state };
  if (restrictedStateCodes.has(state)) return { access: false, reason: 'state_restricted', country, state };
  return { access: true, reason: 'allowed', country, state };
}
