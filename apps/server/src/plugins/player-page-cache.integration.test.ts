import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { touchContentSet } from '@sweepstack/db/repositories/content';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, signUpViaApi } from '../testing/auth-helpers';
import { ensureWebBuild, sleep } from '../testing/server-process';
import { createTestApp, type TestApp } from '../testing/test-app';

// The signed-in lobby served from a cache of its player-neutral render (docs/page-serving.md,
// "Session 11"), through the real server and the web build, on two nodes of one database.
const CHECK_MS = 200;
// A minute: a loaded machine must not turn an expected hit into a miss (node a's clock is moved by hand).
const TTL_MS = 60_000;
const env = { PLAYER_PAGE_CACHE_TTL_MS: String(TTL_MS), CONTENT_CHECK_INTERVAL_MS: String(CHECK_MS), JOBS_RUNNER: 'false' };
const SCRIPT = '<script id="player-data" type="application/json">';

interface Player {
  cookie: string;
  uuid: string;
  email: string;
  login: string;
  balance: { tourPoints: number; entries: number };
}

function lobby(t: TestApp, cookie: string, { url = '/lobby/', encoding = 'identity' }: { url?: string; encoding?: string } = {}) {
  return t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', 'user-agent': 'Mozilla/5.0 (test)', 'accept-encoding': encoding, cookie: `i18n_redirected=en; cookie_control_consent=true; ${cookie}` } });
}
const cacheOf = (res: { headers: Record<string, unknown> }) => res.headers['x-page-cache'];
const setCookiesOf = (res: { headers: Record<string, unknown> }) => [res.headers['set-cookie'] ?? []].flat().map(String);

/** The stored part of an answer (the neutral render) and the player's script. */
function split(html: string): { stored: string; data: Record<string, unknown> } {
  const at = html.indexOf(SCRIPT);
  expect(at).toBeGreaterThan(0);
  const end = html.indexOf('</script>', at);
  return { stored: html.slice(0, at) + html.slice(end + '</script>'.length), data: JSON.parse(html.slice(at + SCRIPT.length, end)) as Record<string, unknown> };
}

async function newPlayer(t: TestApp, email: string): Promise<Player> {
  const { cookie, uuid } = await signUpViaApi(t.app, email);
  const init = (await t.app.inject({ method: 'GET', url: '/rest/app/init/', headers: { cookie } })).json<{ data: { login: string; playerInfo: { playerBalance: Player['balance'] } } }>().data;
  return { cookie, uuid, email, login: init.login, balance: { tourPoints: init.playerInfo.playerBalance.tourPoints, entries: init.playerInfo.playerBalance.entries } };
}

/** Asks until the answer comes from the cache as `expected` (a background render is being stored). */
async function untilCache(ask: () => ReturnType<typeof lobby>, expected: string) {
  let res = await ask();
  for (let i = 0; i < 100 && cacheOf(res) !== expected; i++) {
    await sleep(50);
    res = await ask();
  }
  expect(cacheOf(res)).toBe(expected);
  return res;
}

describe.each(dialectsUnderTest())('player page cache on %s', (dialect) => {
  let a: TestApp;
  let b: TestApp;
  let one: Player;
  let two: Player;
  const clock = new ManualClock(Date.now());
  beforeAll(async () => {
    ensureWebBuild();
    a = await createTestApp(dialect, { seed: true, env, web: 'production', clock });
    // A second node of the same site: its own caches.
    b = await createTestApp(dialect, { env, web: 'production', secondNodeOf: a.database });
    one = await newPlayer(a, 'lobby-cache-one@example.com');
    two = await newPlayer(a, 'lobby-cache-two@example.com');
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('serves two players one render, each with their own data only, and stores none of it', async () => {
    const first = await lobby(a, one.cookie);
    const second = await lobby(a, two.cookie);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect([cacheOf(first), cacheOf(second)]).toEqual(['miss', 'hit']);
    // Each answer holds its player's data: no shared cache may keep it.
    expect([first.headers['cache-control'], second.headers['cache-control']]).toEqual(['private, no-store', 'private, no-store']);
    const pages = [
      { player: one, other: two, ...split(first.body) },
      { player: two, other: one, ...split(second.body) },
    ];
    // The stored part is the same bytes for both, and holds nobody's data.
    expect(pages[0]!.stored).toBe(pages[1]!.stored);
    for (const { player, other, stored, data } of pages) {
      for (const who of [player, other]) {
        expect(stored).not.toContain(who.email);
        expect(stored).not.toContain(who.login);
        expect(stored).not.toContain(who.uuid);
      }
      expect(stored).toContain('id="welcome-title"');
      // Each answer carries its own player, never the other.
      const view = data.player as { email: string; login: string; uuid: string; balance: Player['balance'] };
      expect([view.email, view.login, view.uuid]).toEqual([player.email, player.login, player.uuid]);
      expect(view.balance).toEqual(player.balance);
      const whole = JSON.stringify(data);
      expect(whole).not.toContain(other.email);
      expect(whole).not.toContain(other.login);
      expect(whole).not.toContain(other.uuid);
    }
    // The neutral render shows no balance figure (a placeholder until the player's data is applied).
    expect(pages[0]!.stored).toMatch(/data-testid="balance-gold" data-pending="true"><span aria-hidden="true" class="inline-block w-\[4ch\]"><\/span>/);
  });

  it('answers brotli and gzip that read back as the same page', async () => {
    const plain = await lobby(a, one.cookie);
    const br = await lobby(a, one.cookie, { encoding: 'gzip, deflate, br' });
    const gzip = await lobby(a, one.cookie, { encoding: 'gzip' });
    expect([cacheOf(br), cacheOf(gzip)]).toEqual(['hit', 'hit']);
    expect([br.headers['content-encoding'], gzip.headers['content-encoding']]).toEqual(['br', 'gzip']);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('past its time a stored page is answered at once while its replacement renders in the background, holding nobody\'s data', async () => {
    expect(cacheOf(await lobby(a, one.cookie))).toBe('hit');
    clock.advance(TTL_MS - 1);
    expect(cacheOf(await lobby(a, two.cookie))).toBe('hit');
    clock.advance(2);
    // No player waits for the render: the stored page answers, with this player's own data.
    const stale = await lobby(a, two.cookie);
    expect(cacheOf(stale)).toBe('stale');
    expect(split(stale.body).data.player).toMatchObject({ email: two.email });
    const renewed = await untilCache(() => lobby(a, one.cookie), 'hit');
    expect(split(renewed.body).data.player).toMatchObject({ email: one.email });
    // Stored afresh (a page still stored from before would be past its time again).
    clock.advance(TTL_MS - 10);
    expect(cacheOf(await lobby(a, two.cookie))).toBe('hit');
    // The background render (started from player two's request) stored nobody's data.
    for (const who of [one, two]) for (const value of [who.email, who.login, who.uuid]) expect(split(renewed.body).stored).not.toContain(value);
  });

  it('a visitor cannot pass for a background render: an unknown refresh token is an ordinary request', async () => {
    const res = await a.app.inject({ method: 'GET', url: '/lobby/', headers: { accept: 'text/html', 'user-agent': 'Mozilla/5.0 (test)', 'x-sweepstack-page-refresh': 'made-up', cookie: `i18n_redirected=en; cookie_control_consent=true; ${one.cookie}` } });
    expect(res.statusCode).toBe(200);
    // Served as any player's lobby (a hit once stored), never as a background render.
    expect(['hit', 'miss']).toContain(cacheOf(res));
    expect(split(res.body).data.player).toMatchObject({ email: one.email });
    // Without a session it is sent home, as any signed-out lobby request.
    const guest = await a.app.inject({ method: 'GET', url: '/lobby/', headers: { accept: 'text/html', 'x-sweepstack-page-refresh': 'made-up', cookie: 'i18n_redirected=en' } });
    expect(guest.statusCode).toBe(302);
  });

  it('keeps Spanish apart, and renders in full what it does not serve (a query string, no session, a stale one)', async () => {
    const spanish = await lobby(a, one.cookie, { url: '/es/lobby/' });
    expect(spanish.statusCode).toBe(200);
    expect(cacheOf(spanish)).toBe('miss');
    expect(spanish.body).toContain('lang="es"');
    expect(split(spanish.body).data.player).toMatchObject({ email: one.email });
    // A deep link (query string) renders for the player alone, as before.
    const deepLink = await lobby(a, one.cookie, { url: '/lobby/?openModal=vip' });
    expect(deepLink.statusCode).toBe(200);
    expect(cacheOf(deepLink)).toBe('bypass');
    expect(deepLink.body).not.toContain(SCRIPT);
    expect(deepLink.body).toContain(one.email);
    // Signed out: sent home, as before; a stale session cookie is cleared.
    const guest = await lobby(a, '');
    expect(guest.statusCode).toBe(302);
    expect(guest.headers.location).toBe('/');
    const stale = await lobby(a, 'ss_session=no-such-session');
    expect(stale.statusCode).toBe(302);
    expect(stale.headers.location).toBe('/');
    expect(setCookiesOf(stale).some((c) => c.startsWith('ss_session=;'))).toBe(true);
    expect(stale.body).not.toContain(one.email);
  });

  it('a content edit on another node reaches the stored page within the content check interval', async () => {
    const before = await lobby(b, one.cookie);
    expect(before.statusCode).toBe(200);
    expect(cacheOf(await lobby(b, two.cookie))).toBe('hit');
    await a.database.db.transaction().execute(async (trx) => {
      await trx.updateTable('translations').set({ value: 'Fresh from the operator!' }).where('locale', '=', 'en').where('key', '=', 'lobby.welcomeNew').execute();
      await touchContentSet(trx, 'translations', Date.now());
    });
    let seen = '';
    const answers: unknown[] = [];
    // The bound is CHECK_MS plus a render; the loop only gives a loaded machine room.
    for (let i = 0; i < 50 && !seen.includes('Fresh from the operator!'); i++) {
      const res = await lobby(b, two.cookie);
      seen = res.body;
      answers.push(cacheOf(res));
      if (!seen.includes('Fresh from the operator!')) await sleep(CHECK_MS);
    }
    expect(seen).toContain('Fresh from the operator!');
    expect(split(seen).data.player).toMatchObject({ email: two.email });
    // The edit was noticed by an answer that kept the stored page (no player waited for the new
    // render), then the new render was stored: served to the other player from the cache.
    expect(answers).toContain('stale');
    const other = await lobby(b, one.cookie);
    expect(cacheOf(other)).toBe('hit');
    expect(other.body).toContain('Fresh from the operator!');
    for (const who of [one, two]) for (const value of [who.email, who.login, who.uuid]) expect(split(other.body).stored).not.toContain(value);
  });
});

// The player home `/` of the themes without a lobby (tao, funrize) is the lobby: served the same way.
describe.each(dialectsUnderTest())('player home from the cache in a theme without a lobby on %s', (dialect) => {
  let t: TestApp;
  let one: Player;
  let two: Player;
  beforeAll(async () => {
    ensureWebBuild();
    t = await createTestApp(dialect, { seed: true, env: { ...env, THEME: 'funrize' }, web: 'production' });
    one = await newPlayer(t, 'home-cache-one@example.com');
    two = await newPlayer(t, 'home-cache-two@example.com');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('serves `/` and `/es/` to players from one neutral render each, with each player\'s own data', async () => {
    for (const url of ['/', '/es/']) {
      const first = await lobby(t, one.cookie, { url });
      const second = await lobby(t, two.cookie, { url });
      expect([first.statusCode, second.statusCode], url).toEqual([200, 200]);
      expect([cacheOf(first), cacheOf(second)], url).toEqual(['miss', 'hit']);
      const pages = [split(first.body), split(second.body)];
      expect(pages[0]!.stored).toBe(pages[1]!.stored);
      expect(pages[0]!.stored).toContain('id="welcome-title"');
      for (const who of [one, two]) for (const value of [who.email, who.login, who.uuid]) expect(pages[0]!.stored, url).not.toContain(value);
      expect(pages[0]!.data.player).toMatchObject({ email: one.email });
      expect(pages[1]!.data.player).toMatchObject({ email: two.email });
    }
    // A guest's home is the guest page (the guest cache's), never the players' one.
    const guest = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html', cookie: 'i18n_redirected=en' } });
    expect(guest.statusCode).toBe(200);
    expect(guest.body).not.toContain(SCRIPT);
    expect(guest.body).not.toContain('id="welcome-title"');
  });
});
