import type { GamesPayload } from '@sweepstack/contracts/games/catalogue';
import { describe, expect, it } from 'vitest';
import { GAMES_CACHE_MESSAGES as M, isValidGamesPayload, type GamesCacheMessage } from '@sweepstack/contracts/games/games-cache';
import { fromCachedForm, loadCachedGames, toCachedForm, usesGamesCache, type ApiAnswer, type GamesMemory } from './games-cache';

const HASH = 'a'.repeat(64);
const game = (id: number) => ({ id, slug: `game-${id}`, title: `Game ${id}`, img: '', logo: '', issues: ['popular-games'], providers: ['studio'], engine: 'classic', volatility: 'low', description: '' });
const PAYLOAD: GamesPayload = {
  games: [game(1), game(2)],
  providers: [{ id: 1, slug: 'studio', title: 'Studio', img: '', gamesCount: 2 }],
  issues: [{ id: 1, key: 'popularGames', slug: 'popular-games', title: 'Popular', icon: null, gamesCount: 2 }],
  issueGamesIds: { 'popular-games': [1, 2] },
  providerGamesIds: { studio: [1, 2] },
  menu: [],
  schemeSections: [],
};
const FILTERS = { success: true, data: { ...PAYLOAD, favorites: [2], filters: { volatility: ['low'], engines: ['classic'] } } };
const CACHED = { success: true, data: toCachedForm(PAYLOAD) };

/** Scripted answers of the API by method and path (the real server is exercised in the integration test). */
function harness(answers: Record<string, ApiAnswer | 'throw'>, memory?: GamesMemory) {
  const calls: { method: string; path: string; body?: unknown }[] = [];
  const logs: GamesCacheMessage[] = [];
  const input = {
    hash: HASH as string | null,
    memory,
    log: (message: GamesCacheMessage) => void logs.push(message),
    api: async (path: string, init?: { method: 'POST'; body: unknown }) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, path, ...(init ? { body: init.body } : {}) });
      const key = `${method} ${path.split('?')[0]}`;
      const answer = answers[key];
      if (answer === 'throw') throw new Error('network down');
      return answer ?? { status: 500, body: undefined };
    },
  };
  return { input, calls, logs, paths: () => calls.map((c) => `${c.method} ${c.path.split('?')[0]}`) };
}

function mapMemory(initial: Record<string, unknown> = {}): GamesMemory & { map: Map<string, unknown> } {
  const map = new Map(Object.entries(initial));
  return { map, get: (h) => map.get(h), set: (h, v) => void map.set(h, v), delete: (h) => void map.delete(h) };
}

const GET_CACHED = 'GET /api/rest/games/get-cached-games';
const POST_CACHED = 'POST /api/rest/games/cached-games';
const GET_FILTERS = 'GET /rest/get-game-filters/';

describe('isValidGamesPayload (spec §5)', () => {
  it('accepts a fresh payload (games an array) and a cached one (games an object)', () => {
    expect(isValidGamesPayload(PAYLOAD, 'fresh')).toBe(true);
    expect(isValidGamesPayload(toCachedForm(PAYLOAD), 'cached')).toBe(true);
    expect(isValidGamesPayload(PAYLOAD, 'cached')).toBe(false);
    expect(isValidGamesPayload(toCachedForm(PAYLOAD), 'fresh')).toBe(false);
  });

  it.each([
    ['providers empty', { providers: [] }],
    ['providers not an array', { providers: { a: 1 } }],
    ['games empty', { games: [] }],
    ['games missing', { games: undefined }],
    ['menu not an array', { menu: {} }],
    ['issueGamesIds empty', { issueGamesIds: {} }],
    ['issueGamesIds an array', { issueGamesIds: [[1]] }],
    ['issueGamesIds null', { issueGamesIds: null }],
  ])('refuses a payload with %s', (_name, change) => {
    expect(isValidGamesPayload({ ...PAYLOAD, ...change }, 'fresh')).toBe(false);
  });

  it('refuses a cached payload whose games object is empty, and anything that is not an object', () => {
    expect(isValidGamesPayload({ ...toCachedForm(PAYLOAD), games: {} }, 'cached')).toBe(false);
    for (const value of [null, undefined, 'x', 3, []]) expect(isValidGamesPayload(value, 'fresh')).toBe(false);
  });
});

describe('cached form', () => {
  it('keys games by id, drops the player fields, and reads back to the same payload', () => {
    const cached = toCachedForm({ ...PAYLOAD, favorites: [1] } as GamesPayload);
    expect(Object.keys(cached.games as object)).toEqual(['1', '2']);
    expect(cached).not.toHaveProperty('favorites');
    expect(fromCachedForm(cached)).toEqual(PAYLOAD);
  });
});

describe('usesGamesCache (spec §1 user cache flag)', () => {
  it('follows the theme capability', () => {
    for (const theme of ['nlc', 'funzCity', 'stormrush', 'sws', 'jackpotRabbit']) expect(usesGamesCache(theme)).toBe(true);
    for (const theme of ['tao', 'funrize', 'product', 'scarletSands', 'nope']) expect(usesGamesCache(theme)).toBe(false);
  });
});

describe('loadCachedGames (spec §8 fallbacks)', () => {
  it('a cache hit answers the cached games without the filter endpoint, and remembers them', async () => {
    const memory = mapMemory();
    const h = harness({ [GET_CACHED]: { status: 200, body: CACHED } }, memory);
    const loaded = await loadCachedGames(h.input);
    expect(loaded).toMatchObject({ source: 'cache', favorites: null, stored: null });
    expect(loaded?.payload).toEqual(PAYLOAD);
    expect(h.paths()).toEqual([GET_CACHED]);
    expect(h.calls[0]?.path).toBe(`/api/rest/games/get-cached-games?groupKey=${HASH}`);
    expect(h.logs).toEqual([]);
    expect(memory.map.has(HASH)).toBe(true);
  });

  it('the SSR memory answers without any call; an invalid entry there is logged, dropped and read again', async () => {
    const good = harness({}, mapMemory({ [HASH]: toCachedForm(PAYLOAD) }));
    expect((await loadCachedGames(good.input))?.source).toBe('memory');
    expect(good.calls).toEqual([]);

    const memory = mapMemory({ [HASH]: { games: {}, providers: [] } });
    const bad = harness({ [GET_CACHED]: { status: 200, body: CACHED } }, memory);
    expect((await loadCachedGames(bad.input))?.source).toBe('cache');
    expect(bad.logs).toEqual([M.cachedFromNitroNotValid]);
    expect(memory.map.get(HASH)).toEqual(toCachedForm(PAYLOAD));
  });

  it('a miss logs "playerRestrictionIdsHash not found", loads the filter endpoint and posts the fresh games back', async () => {
    const memory = mapMemory();
    const h = harness({ [GET_CACHED]: { status: 404, body: { success: false, error: { code: 'GAME_CACHE_NOT_FOUND' } } }, [GET_FILTERS]: { status: 200, body: FILTERS }, [POST_CACHED]: { status: 200, body: { success: true, stored: true } } }, memory);
    const loaded = await loadCachedGames(h.input);
    expect(loaded).toMatchObject({ source: 'filters', favorites: [2] });
    expect(await loaded?.stored).toBe(true);
    expect(h.logs).toEqual([M.hashNotFound]);
    expect(h.paths()).toEqual([GET_CACHED, GET_FILTERS, POST_CACHED]);
    const posted = h.calls[2]!;
    expect(posted.path).toBe(`/api/rest/games/cached-games?groupKey=${HASH}`);
    expect(posted.body).toEqual(toCachedForm(PAYLOAD));
    expect(posted.body).not.toHaveProperty('favorites');
    expect(memory.map.get(HASH)).toEqual(toCachedForm(PAYLOAD));
  });

  it('nothing cached yet for the group (GAME_CACHE_EMPTY, a first visit): filled from the filter endpoint and stored, nothing logged', async () => {
    const memory = mapMemory();
    const h = harness({ [GET_CACHED]: { status: 404, body: { success: false, error: { code: 'GAME_CACHE_EMPTY' } } }, [GET_FILTERS]: { status: 200, body: FILTERS }, [POST_CACHED]: { status: 200, body: { success: true, stored: true } } }, memory);
    const loaded = await loadCachedGames(h.input);
    expect(loaded).toMatchObject({ source: 'filters', favorites: [2] });
    expect(await loaded?.stored).toBe(true);
    expect(h.logs).toEqual([]);
    expect(h.paths()).toEqual([GET_CACHED, GET_FILTERS, POST_CACHED]);
    expect(memory.map.get(HASH)).toEqual(toCachedForm(PAYLOAD));
  });

  it('no hash in app init: logged, the filter endpoint answers, nothing is stored', async () => {
    const h = harness({ [GET_FILTERS]: { status: 200, body: FILTERS } });
    h.input.hash = null;
    const loaded = await loadCachedGames(h.input);
    expect(loaded).toMatchObject({ source: 'filters', stored: null });
    expect(h.logs).toEqual([M.hashNotFound]);
    expect(h.paths()).toEqual([GET_FILTERS]);
  });

  it.each([
    ['games as an array', { ...CACHED.data, games: PAYLOAD.games }],
    ['no providers', { ...CACHED.data, providers: [] }],
    ['no data at all', undefined],
  ])('cached games from the server that are not valid (%s) are logged and replaced by fresh ones', async (_name, data) => {
    const h = harness({ [GET_CACHED]: { status: 200, body: { success: true, data } }, [GET_FILTERS]: { status: 200, body: FILTERS }, [POST_CACHED]: { status: 200, body: {} } });
    const loaded = await loadCachedGames(h.input);
    expect(loaded?.source).toBe('filters');
    await loaded?.stored;
    expect(h.logs).toEqual([M.cachedFromBeNotValid]);
    expect(h.paths()).toEqual([GET_CACHED, GET_FILTERS, POST_CACHED]);
  });

  it.each([
    ['a server error', { status: 503, body: undefined } as const],
    ['a network failure', 'throw' as const],
  ])('a cache read that fails (%s) logs "API request failed" and falls back', async (_name, answer) => {
    const h = harness({ [GET_CACHED]: answer, [GET_FILTERS]: { status: 200, body: FILTERS }, [POST_CACHED]: { status: 200, body: {} } });
    const loaded = await loadCachedGames(h.input);
    expect(loaded?.source).toBe('filters');
    await loaded?.stored;
    expect(h.logs).toEqual([M.apiRequestFailed]);
  });

  it('an invalid filter answer is logged and not stored; the page gets nothing', async () => {
    const h = harness({ [GET_CACHED]: { status: 404, body: {} }, [GET_FILTERS]: { status: 200, body: { success: true, data: { ...FILTERS.data, issueGamesIds: {} } } } });
    expect(await loadCachedGames(h.input)).toBeNull();
    expect(h.logs).toEqual([M.hashNotFound, M.responseNotValid]);
    expect(h.paths()).not.toContain(POST_CACHED);
  });

  it('a failed filter endpoint is logged as "API request failed"', async () => {
    const h = harness({ [GET_CACHED]: { status: 404, body: {} }, [GET_FILTERS]: 'throw' });
    expect(await loadCachedGames(h.input)).toBeNull();
    expect(h.logs).toEqual([M.hashNotFound, M.apiRequestFailed]);
  });

  it('a store the server refuses is logged as "Cached games not valid" and not remembered; the page still gets the games', async () => {
    const memory = mapMemory();
    const h = harness({ [GET_CACHED]: { status: 404, body: {} }, [GET_FILTERS]: { status: 200, body: FILTERS }, [POST_CACHED]: { status: 422, body: { success: false, error: { code: 'GAME_CACHE_INVALID' } } } }, memory);
    const loaded = await loadCachedGames(h.input);
    expect(loaded?.payload.games).toHaveLength(2);
    expect(await loaded?.stored).toBe(false);
    expect(h.logs).toEqual([M.hashNotFound, M.cachedNotValid]);
    expect(memory.map.has(HASH)).toBe(false);
  });

  it('a server whose theme keeps no cache (GAME_CACHE_DISABLED): the filter endpoint, nothing logged or stored', async () => {
    const h = harness({ [GET_CACHED]: { status: 404, body: { success: false, error: { code: 'GAME_CACHE_DISABLED' } } }, [GET_FILTERS]: { status: 200, body: FILTERS } });
    const loaded = await loadCachedGames(h.input);
    expect(loaded).toMatchObject({ source: 'filters', stored: null });
    expect(h.logs).toEqual([]);
    expect(h.paths()).toEqual([GET_CACHED, GET_FILTERS]);
  });
});
