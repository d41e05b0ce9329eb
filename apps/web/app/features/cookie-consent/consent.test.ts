import { describe, expect, it } from 'vitest';
import { CONSENT_COOKIES, isConsentGiven, parseEnabledIds, serializeEnabledIds } from './consent';

describe('cookie consent serialization', () => {
  it('joins enabled ids with ~, always with the necessary ones, in catalogue order', () => {
    expect(serializeEnabledIds([])).toBe('necessary');
    expect(serializeEnabledIds(['marketing', 'analytics'])).toBe('necessary~analytics~marketing');
    expect(serializeEnabledIds(['bogus', 'preferences'])).toBe('necessary~preferences');
    expect(serializeEnabledIds(CONSENT_COOKIES.map((c) => c.id))).toBe('necessary~preferences~analytics~marketing');
  });

  it('round-trips and ignores unknown ids', () => {
    expect(parseEnabledIds('necessary~analytics')).toEqual(['necessary', 'analytics']);
    expect(parseEnabledIds('analytics~evil~marketing')).toEqual(['necessary', 'analytics', 'marketing']);
    expect(parseEnabledIds(undefined)).toEqual(['necessary']);
    expect(parseEnabledIds(serializeEnabledIds(['preferences']))).toEqual(['necessary', 'preferences']);
  });

  it('consent counts as given only for the exact flag', () => {
    expect(isConsentGiven('true')).toBe(true);
    expect(isConsentGiven('1')).toBe(false);
    expect(isConsentGiven(undefined)).toBe(false);
  });
});
