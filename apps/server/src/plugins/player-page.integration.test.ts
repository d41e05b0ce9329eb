import { touchContentSet } from '@sweepstack/db/repositories/content';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpViaApi } from '../testing/auth-helpers';
import { ensureWebBuild, sleep } from '../testing/server-process';
import { createTestApp, type TestApp } from '../testing/test-app';

// What a signed-in player's page asks the API in-process, and that operator content still reaches it
// (docs/page-serving.md, "What a player's lobby render costs").
const CHECK_MS = 200;
// No job runner: the content version covers the features' status rows, which jobs write (a tournament
// opening, a draw): a job run between two pages would move it and count as content calls here.
// The lobby's full render is measured here (the cache of its neutral render is off: player-page-cache.integration.test.ts).
const env = { CONTENT_CHECK_INTERVAL_MS: String(CHECK_MS), JOBS_RUNNER: 'false', PLAYER_PAGE_CACHE_TTL_MS: '0' };

function page(t: TestApp, url: string, cookie: string) {
  return t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', 'user-agent': 'Mozilla/5.0 (test)', 'accept-encoding': 'identity', cookie: `i18n_redirected=en; ${cookie}` } });
}

/** The paths the page's loaders call in-process (web.ts calls app.inject): recorded, and passed through unchanged. */
function recordInProcessCalls(app: FastifyInstance): string[] {
  const calls: string[] = [];
  const inject = app.inject.bind(app) as (options: { url: string }) => Promise<unknown>;
  (app as unknown as { inject: (options: { url: string }) => Promise<unknown> }).inject = (options) => {
    calls.push(options.url.split('?')[0]!);
    return inject(options);
  };
  return calls;
}

const CONTENT_PATHS = /^\/(api\/rest\/translations\/|api\/rest\/static-info\/|rest\/route-rule\/|builds\/latest\.json)/;

describe.each(dialectsUnderTest())('a player’s page on %s', (dialect) => {
  let a: TestApp;
  let b: TestApp;
  let cookie: string;
  let callsOfB: string[];
  beforeAll(async () => {
    ensureWebBuild();
    a = await createTestApp(dialect, { seed: true, env, web: 'production' });
    // A second node of the same site: its own content cache.
    b = await createTestApp(dialect, { env, web: 'production', secondNodeOf: a.database });
    callsOfB = recordInProcessCalls(b.app);
    ({ cookie } = await signUpViaApi(a.app, 'page-cost-player@example.com'));
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('asks for the content-only answers (dictionary, shell, route rule, build id) once per content version', async () => {
    const first = await page(b, '/lobby/', cookie);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('id="welcome-title"');
    expect(callsOfB.filter((path) => CONTENT_PATHS.test(path))).not.toEqual([]);
    callsOfB.length = 0;
    const second = await page(b, '/lobby/', cookie);
    expect(second.statusCode).toBe(200);
    expect(second.body).toContain('page-cost-player@example.com');
    // The player's own answers are asked on every page; the content's are kept.
    expect(callsOfB).toEqual(expect.arrayContaining(['/rest/request/handle/', '/rest/app/init/', '/rest/page/home/']));
    expect(callsOfB.filter((path) => CONTENT_PATHS.test(path))).toEqual([]);
  });

  it('shows a translation edited on another node within the content check interval', async () => {
    expect((await page(b, '/lobby/', cookie)).body).toContain('Welcome, ');
    // An operator's edit on node a: the row and the content fingerprint in one transaction.
    await a.database.db.transaction().execute(async (trx) => {
      await trx.updateTable('translations').set({ value: 'Good to see you, {{name}}!' }).where('locale', '=', 'en').where('key', '=', 'lobby.welcomeNewNamed').execute();
      await touchContentSet(trx, 'translations', Date.now());
    });
    let seen = '';
    // The bound is CHECK_MS plus a render; the loop only gives a loaded machine room.
    for (let i = 0; i < 50 && !seen.includes('Good to see you, '); i++) {
      seen = (await page(b, '/lobby/', cookie)).body;
      if (!seen.includes('Good to see you, ')) await sleep(CHECK_MS);
    }
    expect(seen).toContain('Good to see you, ');
    // And from then on it is kept again. The render that first showed the edit may have asked some
    // content calls under the version before it (the version can move between two loaders of one
    // render), so one more render settles them all on the new version before the count.
    expect((await page(b, '/lobby/', cookie)).statusCode).toBe(200);
    callsOfB.length = 0;
    expect((await page(b, '/lobby/', cookie)).body).toContain('Good to see you, ');
    expect(callsOfB.filter((path) => CONTENT_PATHS.test(path))).toEqual([]);
  });
});
