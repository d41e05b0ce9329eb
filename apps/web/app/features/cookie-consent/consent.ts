/** Cookie consent: necessary cookies always on, optional ones chosen by the visitor. */
export interface ConsentCookie {
  id: string;
  necessary: boolean;
}

export const CONSENT_COOKIES: readonly ConsentCookie[] = [
  { id: 'necessary', necessary: true },
  { id: 'preferences', necessary: false },
  { id: 'analytics', necessary: false },
  { id: 'marketing', necessary: false },
];

/** Set to 'true' once the visitor chose. */
export const CONSENT_GIVEN_COOKIE = 'cookie_control_consent';
/** Ids of the enabled cookie groups joined with `~`. */
export const CONSENT_ENABLED_COOKIE = 'cookie_control_enabled_cookies';

/** Serializes the enabled ids (necessary ones always included, unknown ids dropped, stable order). */
export function serializeEnabledIds(enabled: Iterable<string>, catalogue: readonly ConsentCookie[] = CONSENT_COOKIES): string {
  const chosen = new Set(enabled);
  return catalogue.filter((cookie) => cookie.necessary || chosen.has(cookie.id)).map((cookie) => cookie.id).join('~');
}

/** Reads the enabled-ids cookie back; unknown ids are ignored, necessary ones always present. */
export function parseEnabledIds(value: string | undefined, catalogue: readonly ConsentCookie[] = CONSENT_COOKIES): string[] {
  const known = new Set(catalogue.map((cookie) => cookie.id));
  const chosen = new Set((value ?? '').split('~').filter((id) => known.has(id)));
  return catalogue.filter((cookie) => cookie.necessary || chosen.has(cookie.id)).map((cookie) => cookie.id);
}

export function isConsentGiven(value: string | undefined): boolean {
  return value === 'true';
}
