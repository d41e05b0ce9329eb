import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The web's games-cache client (apps/web), run here against the real server: the integration
// suite lives in apps/*/src, and the module only depends on contracts.
import { GAMES_CACHE_MESSAGES as M, type GamesCacheMessage } from '@sweepstack/contracts/games/games-cache';
import { loadCachedGames, type ApiCall, type GamesMemory } from '../../../../web/app/features/games/games-cache';
import { signUpViaApi } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';

let counter = 0;
const email = () => `cache-${(counter += 1)}-${Date.now()}@games-cache.test`;

/** The client's API port over app.inject, as the signed-in player (what the SSR loaders do in-process). */
function injectApi(t: TestApp, cookie: string, seen: string[]): ApiCall {
  return async (path, init) => {
    seen.push(`${init?.method ?? 'GET'} ${path.split('?')[0]}`);
    const res = await t.app.inject({ method: init?.method ?? 'GET', url: path, headers: { cookie, ...(init ? { 'content-type': 'application/json' } : {}) }, ...(init ? { payload: JSON.stringify(init.body) } : {}) });
    return { status: res.statusCode, body: res.body ? (JSON.parse(res.body) as unknown) : undefined };
  };
}

function mapMemory(): GamesMemory & { map: Map<string, unknown> } {
  const map = new Map<string, unknown>();
  return { map, get: (h) => map.get(h), set: (h, v) => void map.set(h, v), delete: (h) => void map.delete(h) };
}

async function player(t: TestApp): Promise<{ cookie: string; hash: string; favorites: number[] }> {
  const { cookie } = await signUpViaApi(t.app, email());
  const init = (await t.app.inject({ method: 'GET', url: '/rest/app/init/', headers: { cookie } })).json().data as { playerRestrictionIdsHash: string; favoriteGames: number[] };
  return { cookie, hash: init.playerRestrictionIdsHash, favorites: init.favoriteGames };
}

describe.each(dialectsUnderTest())('web games-cache client against the server on %s (theme nlc: user cache)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: true, env: { THEME: 'nlc' } });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('a miss falls back to the filter endpoint and stores the fresh games; the next read is a hit; the SSR memory spares the call', async () => {
    const p = await player(t);
    await t.database.db.deleteFrom('game_cached_payloads').execute();
    const seen: string[] = [];
    const logs: GamesCacheMessage[] = [];
    const memory = mapMemory();
    const input = { hash: p.hash, api: injectApi(t, p.cookie, seen), log: (m: GamesCacheMessage) => void logs.push(m), memory };

    const first = await loadCachedGames(input);
    expect(first?.source).toBe('filters');
    expect(await first?.stored).toBe(true);
    // Nothing cached yet for the group is an ordinary miss (GAME_CACHE_EMPTY): filled without a log.
    expect(logs).toEqual([]);
    expect(seen).toEqual(['GET /api/rest/games/get-cached-games', 'GET /rest/get-game-filters/', 'POST /api/rest/games/cached-games']);
    const row = await t.database.db.selectFrom('game_cached_payloads').select(['group_key', 'payload_json']).executeTakeFirstOrThrow();
    expect(row.group_key).toBe(p.hash);
    expect(JSON.parse(row.payload_json)).not.toHaveProperty('favorites');

    // Another player with the same restrictions shares the entry (a read from the server, no SSR memory).
    const other = await player(t);
    expect(other.hash).toBe(p.hash);
    const seenOther: string[] = [];
    const hit = await loadCachedGames({ hash: other.hash, api: injectApi(t, other.cookie, seenOther), log: (m) => void logs.push(m) });
    expect(hit?.source).toBe('cache');
    expect(seenOther).toEqual(['GET /api/rest/games/get-cached-games']);
    expect(hit?.payload.games.map((g) => g.id).sort((a, b) => a - b)).toEqual(first?.payload.games.map((g) => g.id).sort((a, b) => a - b));

    seen.length = 0;
    const remembered = await loadCachedGames(input);
    expect(remembered?.source).toBe('memory');
    expect(seen).toEqual([]);
    expect(logs).toEqual([]);
  });

  it('a stored entry the server no longer accepts is dropped; the client falls back and stores a good one', async () => {
    const p = await player(t);
    await t.database.db.deleteFrom('game_cached_payloads').execute();
    await t.database.db.insertInto('game_cached_payloads').values({ group_key: p.hash, payload_json: JSON.stringify({ games: {}, providers: [], menu: [], issueGamesIds: {} }), updated_at_ms: 1 }).execute();
    const logs: GamesCacheMessage[] = [];
    const loaded = await loadCachedGames({ hash: p.hash, api: injectApi(t, p.cookie, []), log: (m) => void logs.push(m) });
    expect(loaded?.source).toBe('filters');
    expect(await loaded?.stored).toBe(true);
    // The server logged "Cached games from BE not valid", dropped the entry and answered "empty": the
    // client fills it again without a log of its own.
    expect(logs).toEqual([]);
    const stored = JSON.parse((await t.database.db.selectFrom('game_cached_payloads').select('payload_json').where('group_key', '=', p.hash).executeTakeFirstOrThrow()).payload_json) as { games: object };
    expect(Object.keys(stored.games).length).toBeGreaterThan(0);
  });

  it('a hash that is not the player\'s reads and stores nothing; the page still gets the games', async () => {
    const p = await player(t);
    await t.database.db.deleteFrom('game_cached_payloads').execute();
    const logs: GamesCacheMessage[] = [];
    const loaded = await loadCachedGames({ hash: 'b'.repeat(64), api: injectApi(t, p.cookie, []), log: (m) => void logs.push(m) });
    expect(loaded?.source).toBe('filters');
    expect(await loaded?.stored).toBe(false);
    expect(logs).toEqual([M.hashNotFound, M.hashNotFound]);
    expect(await t.database.db.selectFrom('game_cached_payloads').select('group_key').execute()).toEqual([]);
  });
});

describe.each(dialectsUnderTest())('web games-cache client against a server without the user cache on %s (theme tao)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: true, env: { THEME: 'tao' } });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('reads the filter endpoint, logs nothing and stores nothing', async () => {
    const p = await player(t);
    const seen: string[] = [];
    const logs: GamesCacheMessage[] = [];
    const loaded = await loadCachedGames({ hash: p.hash, api: injectApi(t, p.cookie, seen), log: (m) => void logs.push(m) });
    expect(loaded?.source).toBe('filters');
    expect(loaded?.stored).toBeNull();
    expect(logs).toEqual([]);
    expect(seen).toEqual(['GET /api/rest/games/get-cached-games', 'GET /rest/get-game-filters/']);
  });
});
