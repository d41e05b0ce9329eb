import { describe, expect, it } from 'vitest';
import { decideLocation } from './location-check';

const restricted = new Set(['WA', 'NY']);

describe('decideLocation', () => {
  it('answers each rule', () => {
    expect(decideLocation(null, restricted)).toEqual({ access: true, reason: 'unknown', country: null, state: null });
    expect(decideLocation({ country: 'US', state: null }, restricted)).toEqual({ access: true, reason: 'unknown', country: 'US', state: null });
    expect(decideLocation({ country: 'CA', state: null }, restricted)).toEqual({ access: false, reason: 'outside_service_area', country: 'CA', state: null });
    expect(decideLocation({ country: 'US', state: 'PR' }, restricted)).toMatchObject({ access: false, reason: 'outside_service_area', state: 'PR' });
    expect(decideLocation({ country: 'us', state: 'wa' }, restricted)).toEqual({ access: false, reason: 'state_restricted', country: 'US', state: 'WA' });
    expect(decideLocation({ country: 'US', state: 'TX' }, restricted)).toEqual({ access: true, reason: 'allowed', country: 'US', state: 'TX' });
    expect(decideLocation({ country: 'US', state: 'DC' }, restricted)).toMatchObject({ access: true, reason: 'allowed' });
    expect(decideLocation({ country: 'US', state: 'WA' }, new Set())).toMatchObject({ access: true, reason: 'allowed' });
  });
});
