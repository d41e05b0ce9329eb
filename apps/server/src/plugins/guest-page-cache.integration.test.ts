import { touchContentSet } from '@sweepstack/db/repositories/content';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, signUpViaApi } from '../testing/auth-helpers';
import { ensureWebBuild, sleep } from '../testing/server-process';
import { createTestApp, type TestApp } from '../testing/test-app';

// The guest page cache's rules (docs/page-serving.md), through the real server and the web build.
const TTL_MS = 5000;
const CHECK_MS = 200;
// No job runner: the content fingerprint covers the features' status rows, which jobs write (the
// lottery's planning job at start); one moving between two requests made a clean CI run read a miss for a hit.
const env = { GUEST_PAGE_CACHE_TTL_MS: String(TTL_MS), CONTENT_CHECK_INTERVAL_MS: String(CHECK_MS), JOBS_RUNNER: 'false' };

function page(t: TestApp, url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', 'user-agent': 'Mozilla/5.0 (test)', ...headers } });
}
const cacheOf = (res: { headers: Record<string, unknown> }) => res.headers['x-page-cache'];
const setCookiesOf = (res: { headers: Record<string, unknown> }) => [res.headers['set-cookie'] ?? []].flat().map(String);

describe.each(dialectsUnderTest())('guest page cache on %s', (dialect) => {
  let a: TestApp;
  let b: TestApp;
  const clock = new ManualClock(Date.now());
  beforeAll(async () => {
    ensureWebBuild();
    a = await createTestApp(dialect, { seed: true, clock, env, web: 'production' });
    // A second node of the same site: its own connection and its own caches.
    b = await createTestApp(dialect, { clock, env, web: 'production', secondNodeOf: a.database });
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('serves one render to two guests, with neither guest’s own cookies in it', async () => {
    const first = await page(a, '/signup/', { cookie: 'invited_by=alice-ref-1; _ga=GA1.guest-a' });
    const second = await page(a, '/signup/', { cookie: '_ga=GA1.guest-b; refcode=bob-ref-2; presetPackageModal=1' });
    const third = await page(a, '/signup/', { cookie: `_refcode=DAVEREF3; _referrerinfo=${encodeURIComponent('{"code":"DAVEREF3","reward":{"coins":5000,"entries":1}}')}` });
    expect(first.statusCode).toBe(200);
    expect([cacheOf(first), cacheOf(second), cacheOf(third)]).toEqual(['miss', 'hit', 'hit']);
    expect(second.body).toBe(first.body);
    expect(third.body).toBe(first.body);
    for (const res of [first, second, third]) {
      expect(setCookiesOf(res)).toEqual([expect.stringMatching(/^i18n_redirected=en; /)]);
      expect(res.body).not.toMatch(/alice-ref-1|bob-ref-2|DAVEREF3|GA1\.guest/);
    }
    // A guest whose language is remembered has another key, and is sent no cookie at all.
    const remembered = await page(a, '/signup/', { cookie: 'i18n_redirected=en' });
    expect(cacheOf(remembered)).toBe('miss');
    expect(setCookiesOf(remembered)).toEqual([]);
    expect(cacheOf(await page(a, '/signup/', { cookie: 'i18n_redirected=en; _ga=x' }))).toBe('hit');
  });

  it('sends pages whose scripts start after the first paint: no module preload in the document, the route script waits a frame', async () => {
    // The built React Router script must keep the form scripts-after-paint.server.ts rewrites (docs/web-shell.md,
    // "First paint"); when React Router 7.9 added its manifest import the rewrite stopped and every script
    // downloaded before the first paint again (Lighthouse's mobile LCP went from about 1 s to 2.6 s).
    for (const url of ['/', '/signup/', '/es/signin/']) {
      const res = await page(a, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('<link rel="modulepreload"');
      const script = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(res.body)?.[1] ?? '';
      expect(script, url).toContain('requestAnimationFrame');
      expect(script, url).not.toMatch(/^\s*import\s/m);
    }
  });

  it('keeps the language a browser asks for apart: each guest gets the locale memory of their own language', async () => {
    const spanish = await page(a, '/signin/', { 'accept-language': 'es-MX,es;q=0.9' });
    const english = await page(a, '/signin/', { 'accept-language': 'en-US,en;q=0.9' });
    const spanishAgain = await page(a, '/signin/', { 'accept-language': 'es' });
    expect([cacheOf(spanish), cacheOf(english), cacheOf(spanishAgain)]).toEqual(['miss', 'miss', 'hit']);
    expect(setCookiesOf(spanishAgain)).toEqual([expect.stringMatching(/^i18n_redirected=es; /)]);
    expect(setCookiesOf(english)).toEqual([expect.stringMatching(/^i18n_redirected=en; /)]);
  });

  it('never serves or stores a signed-in player’s page, nor the answer to a stale session cookie', async () => {
    const { cookie } = await signUpViaApi(a.app, 'cached-player@example.com');
    const lobby = [await page(a, '/lobby/', { cookie }), await page(a, '/lobby/', { cookie })];
    for (const res of lobby) {
      expect(res.statusCode).toBe(200);
      expect(cacheOf(res)).toBe('bypass');
      expect(res.body).toContain('cached-player@example.com');
    }
    const stale = await page(a, '/', { cookie: 'ss_session=no-such-session' });
    expect(cacheOf(stale)).toBe('bypass');
    expect(setCookiesOf(stale).some((c) => c.startsWith('ss_session=;'))).toBe(true);
    const guests = [await page(a, '/'), await page(a, '/')];
    expect(cacheOf(guests[1]!)).toBe('hit');
    for (const res of guests) {
      expect(res.body).not.toContain('cached-player@example.com');
      expect(setCookiesOf(res).filter((c) => !c.startsWith('i18n_redirected='))).toEqual([]);
    }
  });

  it('renders for itself whatever a shared page cannot hold: a query string, an unknown cookie or value, HEAD', async () => {
    expect(cacheOf(await page(a, '/signup/?theme=stormrush'))).toBe('bypass');
    expect(cacheOf(await page(a, '/signup/?invited_by=carol-ref'))).toBe('bypass');
    expect(cacheOf(await page(a, '/signup/', { cookie: 'i18n_redirected=fr' }))).toBe('bypass');
    expect(cacheOf(await page(a, '/signup/', { cookie: 'i18n_redirected=en; i18n_redirected=es' }))).toBe('bypass');
    // A cookie the cache does not know may be one a page reads (a one-time notice): it renders for itself.
    const notice = await page(a, '/signin/', { cookie: 'login_link_notice=loginTokenInvalid' });
    expect(cacheOf(notice)).toBe('bypass');
    expect(setCookiesOf(notice).some((c) => c.startsWith('login_link_notice=;'))).toBe(true);
    expect(cacheOf(await page(a, '/signin/', { cookie: 'some_new_cookie=1' }))).toBe('bypass');
    expect(cacheOf(await headRequest(a, '/signup/'))).toBe('bypass');
    // A page that is not found is not stored (random paths must not fill the cache).
    const missing = [await page(a, '/no-such-page/'), await page(a, '/no-such-page/')];
    expect(missing.map((r) => [r.statusCode, cacheOf(r)])).toEqual([[404, 'miss'], [404, 'miss']]);
  });

  it('serves a stored page for the ttl only, then renders it again', async () => {
    await page(a, '/signin/', { cookie: 'i18n_redirected=en' });
    expect(cacheOf(await page(a, '/signin/', { cookie: 'i18n_redirected=en' }))).toBe('hit');
    clock.advance(TTL_MS);
    expect(cacheOf(await page(a, '/signin/', { cookie: 'i18n_redirected=en' }))).toBe('miss');
    expect(cacheOf(await page(a, '/signin/', { cookie: 'i18n_redirected=en' }))).toBe('hit');
  });

  it('drops stored pages on every node once the catalogue changes (within CONTENT_CHECK_INTERVAL_MS)', async () => {
    const before = await page(b, '/');
    for (const node of [a, b]) {
      await page(node, '/');
      expect(cacheOf(await page(node, '/'))).toBe('hit');
    }
    const games = await a.database.db.selectFrom('games').select(['id', 'title']).execute();
    const shown = games.find((g) => before.body.includes(g.title));
    expect(shown).toBeDefined();
    // An operator's edit on node a: the row and the content fingerprint in one transaction.
    await a.database.db.transaction().execute(async (trx) => {
      await trx.updateTable('games').set({ title: 'Renamed Reels' }).where('id', '=', shown!.id).execute();
      await touchContentSet(trx, 'games', Date.now());
    });
    for (const node of [a, b]) {
      let seen: string | undefined;
      // The bound is CHECK_MS plus a render; the loop only gives a loaded machine room.
      for (let i = 0; i < 50 && !seen?.includes('Renamed Reels'); i++) {
        seen = (await page(node, '/')).body;
        if (!seen.includes('Renamed Reels')) await sleep(CHECK_MS);
      }
      expect(seen).toContain('Renamed Reels');
      expect(cacheOf(await page(node, '/'))).toBe('hit');
    }
  });
});

function headRequest(t: TestApp, url: string) {
  return t.app.inject({ method: 'HEAD', url, headers: { accept: 'text/html', 'user-agent': 'Mozilla/5.0 (test)' } });
}
