import { ZBuildLatest, ZBuildMeta } from '@sweepstack/contracts/app/builds';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';

// No database content involved: SQLite only.
describe('GET /builds/*', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: { BUILD_ID: 'release-2-28-0' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the running build id, never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/builds/latest.json?t=1767225600000' });
    expect(res.statusCode).toBe(200);
    expect(ZBuildLatest.parse(res.json())).toMatchObject({ id: 'release-2-28-0' });
    expect(res.headers['cache-control']).toContain('no-store');
    expect((await t.app.inject({ method: 'GET', url: '/builds/latest.json' })).statusCode).toBe(200);
  });

  it('answers the metadata of the running build and 404 BUILD_NOT_FOUND for any other', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/builds/meta/release-2-28-0.json' });
    expect(res.statusCode).toBe(200);
    expect(ZBuildMeta.parse(res.json())).toMatchObject({ id: 'release-2-28-0', matcher: { static: {}, dynamic: {} }, prerendered: [] });
    for (const file of ['other.json', 'release-2-28-0', 'release-2-28-0.txt', '..%2F..%2Fpackage.json']) {
      const miss = await t.app.inject({ method: 'GET', url: `/builds/meta/${file}` });
      expect(miss.statusCode, file).toBe(404);
      expect(miss.json()).toMatchObject({ error: { code: 'BUILD_NOT_FOUND' } });
    }
  });

  it('refuses bad queries with 400', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/builds/meta/release-2-28-0.json?t=1767225600000' })).statusCode).toBe(200);
    for (const url of ['/builds/latest.json?t=abc', '/builds/latest.json?t=1&x=2', `/builds/latest.json?t=${'9'.repeat(40)}`, '/builds/meta/release-2-28-0.json?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    }
  });
});
