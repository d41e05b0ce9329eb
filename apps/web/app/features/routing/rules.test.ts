import { describe, expect, it } from 'vitest';
import {
  autologinRewrite,
  cashRewrite,
  classifyRedirect,
  middlewareForPath,
  mobileAppRewrite,
  referralCode,
  runRouteMiddleware,
  type VisitorContext,
} from './rules';
import { registry } from '../../platform/registry';

const guest: VisitorContext = { isGuest: true, isAffiliate: false, theme: 'nlc', registrationComplete: undefined, pathname: '/', search: '' };
const player: VisitorContext = { ...guest, isGuest: false, registrationComplete: true };
const run = (v: VisitorContext, toggles?: Record<string, boolean>) => runRouteMiddleware(middlewareForPath(v.pathname, registry), toggles, v);

describe('route middleware', () => {
  it('sends guests to sign-up for tournaments and promotions', () => {
    expect(run({ ...guest, pathname: '/tournaments/' })).toBe('/signup/');
    expect(run({ ...guest, pathname: '/promotions' })).toBe('/signup/');
    expect(run({ ...player, pathname: '/tournaments/' })).toBeNull();
  });

  it('redirects /register to /signup/ for guests keeping the query, players home', () => {
    expect(run({ ...guest, pathname: '/register', search: '?refcode=AB' })).toBe('/signup/?refcode=AB');
    expect(run({ ...player, pathname: '/register' })).toBe('/lobby/');
    expect(run({ ...player, theme: 'tao', pathname: '/register' })).toBe('/');
  });

  it('has no lobby in tao and funrize, and the lobby is for players', () => {
    expect(run({ ...player, theme: 'tao', pathname: '/lobby/' })).toEqual({ status: 404 });
    expect(run({ ...player, theme: 'funrize', pathname: '/lobby' })).toEqual({ status: 404 });
    expect(run({ ...guest, pathname: '/lobby/' })).toBe('/');
    expect(run({ ...player, pathname: '/lobby/' })).toBeNull();
    expect(run({ ...player, pathname: '/' })).toBe('/lobby/');
    expect(run({ ...player, theme: 'tao', pathname: '/' })).toBeNull();
  });

  it('shows registration-complete only to players with incomplete registration in nlc and stormrush', () => {
    const path = '/registration-complete/';
    expect(run({ ...player, pathname: path, registrationComplete: false })).toBeNull();
    expect(run({ ...player, theme: 'stormrush', pathname: path, registrationComplete: false })).toBeNull();
    expect(run({ ...player, pathname: path, registrationComplete: true })).toBe('/lobby/');
    expect(run({ ...guest, pathname: path })).toBe('/signin/');
    expect(run({ ...player, theme: 'sws', pathname: path, registrationComplete: false })).toEqual({ status: 404 });
  });

  it('keeps guest pages for guests', () => {
    expect(run({ ...player, pathname: '/signin/' })).toBe('/lobby/');
    expect(run({ ...guest, pathname: '/signup/' })).toBeNull();
  });

  it('applies affiliate-redirect and route-guard', () => {
    expect(run({ ...player, isAffiliate: true, pathname: '/affiliates/' })).toBe('/affiliates/partners-account/');
    expect(run({ ...player, pathname: '/affiliates/partners-account/' })).toBe('/affiliates/');
    expect(run({ ...player, pathname: '/affiliates/' })).toBeNull();
    expect(run({ ...guest, pathname: '/how-it-works' })).toBe('/signin/');
  });

  it('honours the rule toggles and rejects unknown middleware', () => {
    expect(run({ ...guest, pathname: '/how-it-works' }, { 'route-guard': false })).toBeNull();
    expect(run({ ...guest, pathname: '/vip/' }, { 'signup-required': true })).toBe('/signup/');
    expect(() => run({ ...guest, pathname: '/vip/' }, { 'no-such-thing': true })).toThrow('Unknown route middleware');
    expect(() => runRouteMiddleware(['bogus'], undefined, guest)).toThrow('Unknown route middleware');
  });
});

describe('path rewrites', () => {
  it('strips /mobile-app and flags webview', () => {
    expect(mobileAppRewrite('/mobile-app/lobby/', '?a=1')).toBe('/lobby/?a=1&webview=true');
    expect(mobileAppRewrite('/mobile-app', '')).toBe('/?webview=true');
    expect(mobileAppRewrite('/lobby/', '')).toBeNull();
    expect(mobileAppRewrite('/mobile-apps/', '')).toBeNull();
  });

  it('turns /cash/ paths into the hash form', () => {
    expect(cashRewrite('/cash/deposit-by-money/')).toBe('/#/cash/deposit-by-money/');
    expect(cashRewrite('/lobby/cash/redeem/')).toBe('/#/cash/redeem/');
    expect(cashRewrite('/es/cash/success/')).toBe('/es/#/cash/success/');
    expect(cashRewrite('/cashier/')).toBeNull();
  });

  it('replaces aa with autologin=true', () => {
    expect(autologinRewrite('/lobby/', '?aa=tok&x=1')).toBe('/lobby/?x=1&autologin=true');
    expect(autologinRewrite('/lobby/', '?x=1')).toBeNull();
  });

  it('classifies absolute redirects as full navigations', () => {
    expect(classifyRedirect('https://example.test/x').external).toBe(true);
    expect(classifyRedirect('//cdn.test/x').external).toBe(true);
    expect(classifyRedirect('/promotions/').external).toBe(false);
  });
});

describe('deep-link queries', () => {
  it('reads the referral code from invited_by or refcode', () => {
    expect(referralCode('?invited_by=abc')).toBe('abc');
    expect(referralCode('?refcode=XYZ')).toBe('XYZ');
    expect(referralCode('?x=1')).toBeNull();
  });
});
