import type { AppLoadContext } from 'react-router';
import type { GamesCacheMessage } from '@sweepstack/contracts/games/games-cache';
import type { ApiCall, GamesMemory } from './games-cache';

/** How long the SSR layer keeps a cached payload (the public catalogue's own max-age). */
const MEMORY_TTL_MS = 60_000;
/** Hashes are few (one per set of restrictions); the bound only guards against a flood of them. */
const MEMORY_MAX_ENTRIES = 256;

const entries = new Map<string, { cached: unknown; expiresAtMs: number }>();

/** The SSR layer's memory of cached games payloads ("nitro" in spec §8), per server process. */
export const ssrGamesMemory: GamesMemory = {
  get(hash) {
    const entry = entries.get(hash);
    if (!entry) return undefined;
    if (entry.expiresAtMs <= Date.now()) {
      entries.delete(hash);
      return undefined;
    }
    return entry.cached;
  },
  set(hash, cached) {
    if (!entries.has(hash) && entries.size >= MEMORY_MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    entries.set(hash, { cached, expiresAtMs: Date.now() + MEMORY_TTL_MS });
  },
  delete(hash) {
    entries.delete(hash);
  },
};

/** The API of the SSR loaders (in-process, as the visitor) in the cache's terms. */
export function contextApiCall(context: AppLoadContext): ApiCall {
  return async (path, init) => {
    const response = await context.api(path, init ? { method: init.method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(init.body) } : undefined);
    return { status: response.status, body: await response.json().catch(() => undefined) };
  };
}

/** Spec §8: cache problems are logged (a warning: each has a fallback). */
export function ssrGamesCacheLog(context: AppLoadContext): (message: GamesCacheMessage, detail?: unknown) => void {
  // One line per problem (a detail object would print over several raw lines).
  return (message, detail) => console.warn(`[${context.requestId}] ${message}${detail === undefined ? '' : ` ${JSON.stringify(detail)}`}`);
}
