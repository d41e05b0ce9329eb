import type { GamesPayload } from '@sweepstack/contracts/games/catalogue';
import { GAMES_CACHE_MESSAGES, isValidGamesPayload, type GamesCacheMessage } from '@sweepstack/contracts/games/games-cache';
import { hasCapability, isThemeId } from '@sweepstack/contracts/themes';

/**
 * The games cache, client side (spec §3 user cache flag, §5 games payload validity, §7 calls, §8
 * messages; docs/games/web.md). A signed-in player of a theme with the `userCache` flag reads the
 * games payload cached for their `playerRestrictionIdsHash`; every problem is logged with the spec's
 * message and falls back to the filter endpoint, whose fresh payload is posted back to the cache.
 * Used by the SSR loaders (with the SSR layer's own memory, "nitro") and by the browser.
 */

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The cached form of a payload: only the catalogue's fields (never the player's favorites), games keyed by id. */
export function toCachedForm(payload: GamesPayload): Record<string, unknown> {
  const games: Record<string, GamesPayload['games'][number]> = {};
  for (const game of payload.games) games[String(game.id)] = game;
  const { providers, issues, issueGamesIds, providerGamesIds, menu, schemeSections } = payload;
  return { games, providers, issues, issueGamesIds, providerGamesIds, menu, schemeSections };
}

/** A valid cached payload back in the array form the pages use. */
export function fromCachedForm(cached: Record<string, unknown>): GamesPayload {
  const payload = cached as unknown as Omit<GamesPayload, 'games'> & { games: Record<string, GamesPayload['games'][number]> };
  return {
    games: Object.values(payload.games),
    providers: payload.providers,
    issues: payload.issues ?? [],
    issueGamesIds: payload.issueGamesIds,
    providerGamesIds: payload.providerGamesIds ?? {},
    menu: payload.menu,
    schemeSections: payload.schemeSections ?? [],
  };
}

/** Whether this theme reads and writes the games cache (spec §1: nlc, funzCity, stormrush, sws, jackpotRabbit). */
export function usesGamesCache(theme: string): boolean {
  return isThemeId(theme) && hasCapability(theme, 'userCache');
}

/** One API call as the cache needs it: the status (0 when the request itself failed) and the parsed body. */
export interface ApiAnswer {
  status: number;
  body: unknown;
}
export type ApiCall = (path: string, init?: { method: 'POST'; body: unknown }) => Promise<ApiAnswer>;

/** An adapter that throws counts as a failed request (status 0), like a network error. */
async function call(api: ApiCall, path: string, init?: { method: 'POST'; body: unknown }): Promise<ApiAnswer> {
  try {
    return await api(path, init);
  } catch {
    return { status: 0, body: undefined };
  }
}

/** The SSR layer's own store of cached payloads ("nitro" in spec §8), keyed by the hash. */
export interface GamesMemory {
  get(hash: string): unknown;
  set(hash: string, cached: Record<string, unknown>): void;
  delete(hash: string): void;
}

export interface GamesCacheInput {
  /** App init's playerRestrictionIdsHash (null or empty when the app has none). */
  hash: string | null | undefined;
  api: ApiCall;
  log(message: GamesCacheMessage, detail?: unknown): void;
  memory?: GamesMemory;
}

export interface LoadedGames {
  payload: GamesPayload;
  /** Where it came from: the SSR memory, the server's cache, or the filter endpoint (fresh, then stored). */
  source: 'memory' | 'cache' | 'filters';
  /** The player's favorites when the filter endpoint answered them (the cache holds none). */
  favorites: number[] | null;
  /** The POST back to the cache, when there was one (tests wait for it; pages do not). */
  stored: Promise<boolean> | null;
}

const errorCode = (body: unknown): string | undefined => (isObject(body) && isObject(body.error) && typeof body.error.code === 'string' ? body.error.code : undefined);

/**
 * The games payload of a player in a user-cache theme: SSR memory, then
 * `GET /api/rest/games/get-cached-games?groupKey={hash}`, then `GET /rest/get-game-filters/`
 * (posted back with `POST /api/rest/games/cached-games?groupKey={hash}`). Null when even the
 * filter endpoint fails (logged); the caller shows its usual "games unavailable" state.
 */
export async function loadCachedGames(input: GamesCacheInput): Promise<LoadedGames | null> {
  const { hash, api, log, memory } = input;
  if (!hash) {
    log(GAMES_CACHE_MESSAGES.hashNotFound);
    return fromFilters(input, null);
  }
  const remembered = memory?.get(hash);
  if (remembered !== undefined) {
    if (isValidGamesPayload(remembered, 'cached')) return { payload: fromCachedForm(remembered as Record<string, unknown>), source: 'memory', favorites: null, stored: null };
    log(GAMES_CACHE_MESSAGES.cachedFromNitroNotValid, { hash });
    memory?.delete(hash);
  }
  const answer = await call(api, `/api/rest/games/get-cached-games?groupKey=${encodeURIComponent(hash)}`);
  if (answer.status === 200) {
    const data = isObject(answer.body) ? answer.body.data : undefined;
    if (isValidGamesPayload(data, 'cached')) {
      memory?.set(hash, data as Record<string, unknown>);
      return { payload: fromCachedForm(data as Record<string, unknown>), source: 'cache', favorites: null, stored: null };
    }
    log(GAMES_CACHE_MESSAGES.cachedFromBeNotValid, { hash });
  } else if (errorCode(answer.body) === 'GAME_CACHE_DISABLED') {
    // The server's theme keeps no cache: nothing to read or store, no problem to report.
    return fromFilters(input, null);
  } else if (errorCode(answer.body) === 'GAME_CACHE_EMPTY') {
    // Nothing stored for this group yet (a first visit, or a stale entry the server dropped): the
    // ordinary way the cache fills, not a problem to log.
    return fromFilters(input, hash);
  } else if (answer.status === 404) {
    log(GAMES_CACHE_MESSAGES.hashNotFound, { hash });
  } else {
    log(GAMES_CACHE_MESSAGES.apiRequestFailed, { path: 'get-cached-games', status: answer.status });
  }
  return fromFilters(input, hash);
}

async function fromFilters(input: GamesCacheInput, storeUnder: string | null): Promise<LoadedGames | null> {
  const answer = await call(input.api, '/rest/get-game-filters/');
  if (answer.status !== 200) {
    input.log(GAMES_CACHE_MESSAGES.apiRequestFailed, { path: 'get-game-filters', status: answer.status });
    return null;
  }
  const data = isObject(answer.body) ? answer.body.data : undefined;
  if (!isValidGamesPayload(data, 'fresh')) {
    // Invalid data is logged and not stored (spec §5).
    input.log(GAMES_CACHE_MESSAGES.responseNotValid);
    return null;
  }
  const payload = data as GamesPayload & { favorites?: number[] };
  return { payload, source: 'filters', favorites: Array.isArray(payload.favorites) ? payload.favorites : null, stored: storeUnder ? storeGames(input, storeUnder, payload) : null };
}

/** Posts a freshly loaded payload to the cache; never throws (a failure is logged). */
async function storeGames(input: GamesCacheInput, hash: string, payload: GamesPayload): Promise<boolean> {
  const cached = toCachedForm(payload);
  if (!isValidGamesPayload(cached, 'cached')) {
    input.log(GAMES_CACHE_MESSAGES.cachedNotValid, { hash });
    return false;
  }
  const answer = await call(input.api, `/api/rest/games/cached-games?groupKey=${encodeURIComponent(hash)}`, { method: 'POST', body: cached });
  if (answer.status === 200) {
    input.memory?.set(hash, cached);
    return true;
  }
  // The server refuses what fails its checks (422 GAME_CACHE_INVALID) and a hash that is not the
  // visitor's (404 GAME_CACHE_NOT_FOUND): logged, not stored.
  const message = answer.status === 422 ? GAMES_CACHE_MESSAGES.cachedNotValid : answer.status === 404 ? GAMES_CACHE_MESSAGES.hashNotFound : GAMES_CACHE_MESSAGES.apiRequestFailed;
  input.log(message, { path: 'cached-games', status: answer.status });
  return false;
}
