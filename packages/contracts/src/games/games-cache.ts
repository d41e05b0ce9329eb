/**
 * The games cache's rules that the server and the web share (spec §5 validity, §8 messages;
 * docs/games/web.md): each message marks a fallback to the filter endpoint (GET
 * /rest/get-game-filters/), which always answers from the database.
 */
export const GAMES_CACHE_MESSAGES = {
  hashNotFound: 'playerRestrictionIdsHash not found',
  responseNotValid: 'Games response from BE not valid',
  cachedFromBeNotValid: 'Cached games from BE not valid',
  cachedNotValid: 'Cached games not valid',
  cachedFromNitroNotValid: 'Cached games from nitro not valid',
  apiRequestFailed: 'API request failed',
} as const;
export type GamesCacheMessage = (typeof GAMES_CACHE_MESSAGES)[keyof typeof GAMES_CACHE_MESSAGES];

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Spec §5: providers is a non-empty array; games is a non-empty array (a non-empty object keyed by
 * id in the cached form); menu is an array; issueGamesIds is a non-empty object.
 */
export function isValidGamesPayload(value: unknown, form: 'fresh' | 'cached'): boolean {
  if (!isObject(value)) return false;
  const { providers, games, menu, issueGamesIds } = value;
  const gamesOk = form === 'fresh' ? Array.isArray(games) && games.length > 0 : isObject(games) && Object.keys(games).length > 0;
  return Array.isArray(providers) && providers.length > 0 && gamesOk && Array.isArray(menu) && isObject(issueGamesIds) && Object.keys(issueGamesIds).length > 0;
}

