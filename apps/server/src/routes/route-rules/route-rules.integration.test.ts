import { ZRouteRuleResponse } from '@sweepstack/contracts/app/route-rule';
import { touchContentSet } from '@sweepstack/db/repositories/content';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentCache } from '../../lib/content-cache';
import { createTestApp, type TestApp } from '../../testing/test-app';

const ask = async (t: TestApp, path: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/rest/route-rule/?path=${encodeURIComponent(path)}` });
  expect(res.statusCode, path).toBe(200);
  return ZRouteRuleResponse.parse(res.json()).data;
};

describe.each(dialectsUnderTest())('GET /rest/route-rule/ on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the seeded rules: redirects and middleware toggles', async () => {
    expect(await ask(t, '/how-to-play')).toEqual({ redirect: '/how-it-works/', middlewares: {} });
    expect(await ask(t, '/es/how-to-play/')).toEqual({ redirect: '/es/how-it-works/', middlewares: {} });
    expect(await ask(t, '/how-it-works/')).toEqual({ middlewares: { 'route-guard': true } });
    expect(await ask(t, '/affiliates/partners-account/?tab=2')).toEqual({ middlewares: { 'affiliate-redirect': true } });
    expect(await ask(t, '/affiliates')).toEqual({ middlewares: { 'affiliate-redirect': true } });
  });

  it('answers data null when no rule applies', async () => {
    expect(await ask(t, '/lobby/')).toBeNull();
    expect(await ask(t, '/')).toBeNull();
  });

  it('drops a middleware name it does not know (edited into the database) instead of failing', async () => {
    await t.database.db
      .insertInto('route_rules')
      .values({ path_pattern: '/promo-x', redirect: null, absolute_redirect: 'https://partner.example/offer', middlewares_json: '{"route-guard":true,"mystery":true}' })
      .execute();
    await touchContentSet(t.database.db, 'route-rules', Date.now());
    contentCache(t.app.deps).invalidate();
    expect(await ask(t, '/promo-x/')).toEqual({ absoluteRedirect: 'https://partner.example/offer', middlewares: { 'route-guard': true } });
  });

  it('refuses a missing, relative, oversized or extra-field query with 400', async () => {
    for (const query of ['', 'path=', 'path=lobby', 'path=%2Fa%20b', `path=/${'a'.repeat(2100)}`, 'path=/x&other=1']) {
      const res = await t.app.inject({ method: 'GET', url: `/rest/route-rule/?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    }
  });
});
