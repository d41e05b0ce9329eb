import { describe, expect, it } from 'vitest';
import { matchRouteRule, normalizeRoutePath, type RouteRuleDefinition } from './route-rules';

const rule = (pattern: string, extra: Partial<RouteRuleDefinition> = {}): RouteRuleDefinition => ({
  pattern,
  redirect: null,
  absoluteRedirect: null,
  middlewares: {},
  ...extra,
});

const rules = [
  rule('/how-to-play', { redirect: '/how-it-works/' }),
  rule('/affiliates/*', { middlewares: { 'affiliate-redirect': true } }),
  rule('/affiliates/partners-account', { middlewares: { 'affiliate-redirect': false } }),
  rule('/old-blog/*', { absoluteRedirect: 'https://blog.example.com/' }),
];

describe('route rules', () => {
  it('normalizes locale prefix, trailing slash, query and hash', () => {
    expect(normalizeRoutePath('/es/how-to-play/?a=1#x')).toEqual({ localePrefix: '/es', path: '/how-to-play' });
    expect(normalizeRoutePath('/')).toEqual({ localePrefix: '', path: '/' });
    expect(normalizeRoutePath('/es')).toEqual({ localePrefix: '/es', path: '/' });
    expect(normalizeRoutePath('/estate/')).toEqual({ localePrefix: '', path: '/estate' });
  });

  it('matches an exact pattern with or without trailing slash and keeps the locale on redirects', () => {
    expect(matchRouteRule(rules, '/how-to-play')).toEqual({ redirect: '/how-it-works/', middlewares: {} });
    expect(matchRouteRule(rules, '/how-to-play/')).toEqual({ redirect: '/how-it-works/', middlewares: {} });
    expect(matchRouteRule(rules, '/es/how-to-play/')).toEqual({ redirect: '/es/how-it-works/', middlewares: {} });
    expect(matchRouteRule(rules, '/how-to-play/more')).toBeNull();
  });

  it('matches prefix patterns, and prefers an exact pattern', () => {
    expect(matchRouteRule(rules, '/affiliates')).toEqual({ middlewares: { 'affiliate-redirect': true } });
    expect(matchRouteRule(rules, '/affiliates/stats/')).toEqual({ middlewares: { 'affiliate-redirect': true } });
    expect(matchRouteRule(rules, '/affiliates/partners-account/')).toEqual({ middlewares: { 'affiliate-redirect': false } });
    expect(matchRouteRule(rules, '/affiliatesx')).toBeNull();
    expect(matchRouteRule(rules, '/old-blog/post-1')).toEqual({ absoluteRedirect: 'https://blog.example.com/', middlewares: {} });
  });

  it('answers null when nothing matches', () => {
    expect(matchRouteRule(rules, '/lobby/')).toBeNull();
    expect(matchRouteRule([], '/')).toBeNull();
  });
});
