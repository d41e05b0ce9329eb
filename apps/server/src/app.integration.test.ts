import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing/test-app';

describe.each(dialectsUnderTest())('server core on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers /healthz and /readyz', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('answers unknown API routes with a JSON 404', async () => {
    for (const url of ['/rest/nope/', '/api/rest/nothing-here', '/rest/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toMatchObject({ success: false, error: { code: 'ROUTE_NOT_FOUND' } });
    }
  });

  it('answers malformed JSON with 400 MALFORMED_REQUEST, never 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/rest/anything/', headers: { 'content-type': 'application/json' }, payload: '{"a":' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'MALFORMED_REQUEST' } });
  });

  it('refuses a state-changing call from another origin', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/rest/anything/', headers: { origin: 'https://evil.example' }, payload: {} });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: { code: 'ORIGIN_FORBIDDEN' } });
  });

  it('sets the page Content-Security-Policy on pages, the REST set on JSON answers, and a request id on both', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/docs/', headers: { 'x-request-id': 'abc-123' } });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['content-security-policy']).toContain("object-src 'none'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['x-request-id']).toBe('abc-123');
    for (const url of ['/healthz', '/rest/app/init/', '/rest/no-such-route/']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'x-request-id': 'abc-124' } });
      expect(res.headers['content-type'], url).toContain('application/json');
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['cross-origin-opener-policy'], url).toBeUndefined();
      expect(res.headers['x-request-id'], url).toBe('abc-124');
    }
  });

  it('publishes OpenAPI at /docs/openapi.json and a browsable /docs', async () => {
    const spec = await t.app.inject({ method: 'GET', url: '/docs/openapi.json' });
    expect(spec.statusCode).toBe(200);
    expect(spec.json()).toMatchObject({ openapi: expect.stringMatching(/^3\./) });
    const ui = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(ui.statusCode).toBe(200);
  });
});

describe('rate limits', () => {
  const stores = process.env.REDIS_URL ? ['memory', 'redis'] : ['memory'];
  it.each(stores)('answers 429 RATE_LIMITED past the limit (%s store)', async (store) => {
    const env: Record<string, string> = { RATE_LIMIT_MAX: '3' };
    if (store === 'redis' && process.env.REDIS_URL) env.REDIS_URL = process.env.REDIS_URL;
    const t = await createTestApp('sqlite', { env });
    try {
      const ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await t.app.inject({ method: 'GET', url: '/rest/limited/', remoteAddress: ip });
        statuses.push(res.statusCode);
        if (res.statusCode === 429) {
          expect(res.json()).toMatchObject({ success: false, error: { code: 'RATE_LIMITED' } });
          expect(res.headers['retry-after']).toBeDefined();
          expect(res.headers['x-ratelimit-limit']).toBe('3');
        } else {
          // The limit headers go on the 429 answer only.
          expect(res.headers['x-ratelimit-remaining']).toBeUndefined();
        }
      }
      expect(statuses).toEqual([404, 404, 404, 429]);
    } finally {
      await t.close();
    }
  });
});
