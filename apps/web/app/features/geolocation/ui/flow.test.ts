import { describe, expect, it } from 'vitest';
import { deviceMeta, geoErrorReason, modeTriggers, outcomeOfCheck, stepForPermission, stepForPositionError, unreportedApps, visitorTriggers } from './flow';

describe('geolocation permission (spec §4)', () => {
  it('granted runs the location check', () => {
    expect(stepForPermission('granted')).toEqual({ kind: 'locate' });
  });
  it('without the Permissions API the position request asks', () => {
    expect(stepForPermission('unsupported')).toEqual({ kind: 'locate' });
  });
  it('prompt goes to /geoblock/ without a report', () => {
    expect(stepForPermission('prompt')).toEqual({ kind: 'geoblock', access: 'prompt', block: null });
  });
  it("denied reports a block 'user denied' and goes to /geoblock/", () => {
    expect(stepForPermission('denied')).toEqual({ kind: 'geoblock', access: 'denied', block: { app: 'system', reason: 'user denied' } });
  });
});

describe('geolocation error codes (spec §4)', () => {
  it.each([
    [1, 'permission denied', 'denied'],
    [2, 'position unavailable', 'unavailable'],
    [3, 'timeout', 'unavailable'],
    [0, 'unknown', 'unavailable'],
    [9, 'unknown', 'unavailable'],
  ] as const)('code %i reports a system block "%s" and goes to /geoblock/', (code, reason, access) => {
    expect(geoErrorReason(code)).toBe(reason);
    expect(stepForPositionError(code)).toEqual({ kind: 'geoblock', access, block: { app: 'system', reason } });
  });
});

describe('location check (spec §4)', () => {
  it('access true is granted', () => {
    expect(outcomeOfCheck({ access: true, reason: 'allowed', country: 'US', state: 'TX' })).toEqual({ kind: 'granted' });
    expect(outcomeOfCheck({ access: true, reason: 'unknown', country: null, state: null })).toEqual({ kind: 'granted' });
  });
  it('false is state blocked and reports a block of app geo', () => {
    expect(outcomeOfCheck({ access: false, reason: 'state_restricted', country: 'US', state: 'WA' })).toEqual({
      kind: 'geoblock',
      access: 'blocked',
      block: { app: 'geo', reason: 'state_restricted:WA' },
    });
    expect(outcomeOfCheck({ access: false, reason: 'outside_service_area', country: null, state: null })).toEqual({
      kind: 'geoblock',
      access: 'blocked',
      block: { app: 'geo', reason: 'outside_service_area:unknown' },
    });
  });
  it('an API error reports a system block', () => {
    expect(outcomeOfCheck('error')).toEqual({ kind: 'geoblock', access: 'unavailable', block: { app: 'system', reason: 'api error' } });
  });
});

describe('blocks are reported once per app kind', () => {
  it('leaves out kinds already reported and repeats within one call', () => {
    expect(unreportedApps([{ app: 'system', reason: 'timeout' }], [])).toEqual(['system']);
    expect(unreportedApps([{ app: 'system', reason: 'timeout' }], ['system'])).toEqual([]);
    expect(unreportedApps([{ app: 'geo', reason: 'a' }, { app: 'geo', reason: 'b' }, { app: 'system', reason: 'c' }], [])).toEqual(['geo', 'system']);
  });
});

describe('triggers', () => {
  it('game mode becoming entries checks; staying or Gold Coins does not', () => {
    expect(modeTriggers({ mode: 'SweepStakes', previousMode: 'TournamentPoints', allowedBefore: true })).toBe(true);
    expect(modeTriggers({ mode: 'SweepStakes', previousMode: 'SweepStakes', allowedBefore: false })).toBe(false);
    expect(modeTriggers({ mode: 'TournamentPoints', previousMode: 'SweepStakes', allowedBefore: false })).toBe(false);
    expect(modeTriggers({ mode: null, previousMode: undefined, allowedBefore: false })).toBe(false);
  });
  it('a page opening in entries checks unless this tab was allowed already', () => {
    expect(modeTriggers({ mode: 'SweepStakes', previousMode: undefined, allowedBefore: false })).toBe(true);
    expect(modeTriggers({ mode: 'SweepStakes', previousMode: undefined, allowedBefore: true })).toBe(false);
    expect(modeTriggers({ mode: 'SweepStakes', previousMode: null, allowedBefore: false })).toBe(true);
  });
  it('logout and a login change check; a first visit or a guest signing in does not', () => {
    expect(visitorTriggers('p-1', 'guest')).toBe(true);
    expect(visitorTriggers('p-1', 'p-2')).toBe(true);
    expect(visitorTriggers('guest', 'p-1')).toBe(false);
    expect(visitorTriggers(null, 'guest')).toBe(false);
    expect(visitorTriggers('p-1', 'p-1')).toBe(false);
    expect(visitorTriggers('p-1', null)).toBe(false);
  });
});

describe('device meta of a block report', () => {
  it('reads a phone Chrome and a desktop Firefox', () => {
    expect(deviceMeta('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36')).toEqual({
      isMobile: true,
      os: 'Android',
      browser: 'Chrome',
      browserVersion: '131.0.0.0',
    });
    expect(deviceMeta('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0')).toEqual({
      isMobile: false,
      os: 'Windows',
      browser: 'Firefox',
      browserVersion: '133.0',
    });
    expect(deviceMeta('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1')).toMatchObject({
      isMobile: true,
      os: 'iOS',
      browser: 'Safari',
      browserVersion: '17.5',
    });
  });
});
