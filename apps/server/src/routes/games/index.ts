import { ZLocale } from '@sweepstack/contracts/app/static-info';
import { AppError } from '@sweepstack/contracts/errors';
import { ZCachedGamesResponse, ZCachedGamesStoreResponse, ZFavoriteToggleResponse, ZGameFiltersResponse, ZGamesResponse } from '@sweepstack/contracts/games/catalogue';
import { hasCapability } from '@sweepstack/contracts/themes';
import { deleteCachedGamesPayload, listFavoriteGameIds, readCachedGamesPayload, toggleFavoriteGame, writeCachedGamesPayload } from '@sweepstack/db/repositories/games';
import { loadCatalogueRows } from '@sweepstack/db/repositories/games';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { buildCatalogue, currentCatalogue, type Catalogue } from '../../games/catalogue';
import { GAMES_CACHE_MESSAGES, isValidGamesPayload } from '@sweepstack/contracts/games/games-cache';
import { checkCachedGamesPayload, checkStoredGamesPayload } from '../../games/games-cache';
import { contentCache } from '../../lib/content-cache';
import { sendRawJson } from '../../lib/json-text';
import { playerRestrictionIdsHash } from '../../lib/restriction-hash';
import { requirePlayer } from '../../plugins/session';

const ZVersionApp = z.string().max(32).regex(/^\d+(_\d+)*$/, 'must be digits separated by underscores, e.g. 2_28_0');
const ZGroupKey = z.string().regex(/^[0-9a-f]{64}$/, 'a playerRestrictionIdsHash');
const ZGameId = z.coerce.number().int().positive().max(2_147_483_647);

/**
 * The games catalogue (spec §3, §5, §7 "Content and games", §8): the public payload, the filter
 * endpoint (the fallback of every cache problem), the games cache keyed by playerRestrictionIdsHash
 * (themes with the userCache capability) and the favorite toggle. docs/games/play-api.md.
 */
const gamesRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = fastify.deps;
  const theme = deps.config.THEME;
  const rawJson = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };

  /** The catalogue, logging spec §8's "API request failed" when the database cannot be read. */
  async function catalogueOr503(request: FastifyRequest): Promise<Catalogue> {
    try {
      return await currentCatalogue(deps);
    } catch (error) {
      request.log.warn({ err: error }, GAMES_CACHE_MESSAGES.apiRequestFailed);
      throw new AppError('SERVICE_UNAVAILABLE');
    }
  }

  async function visitorHash(request: FastifyRequest): Promise<string> {
    const [player, snapshot] = await Promise.all([request.getPlayer(), contentCache(deps).get()]);
    return playerRestrictionIdsHash(player ? { isGuest: false, accountStatus: player.account_status, stateCode: null } : { isGuest: true, accountStatus: null, stateCode: null }, snapshot.restrictedStateCodes);
  }

  app.get(
    '/api/rest/games',
    {
      schema: { tags: ['games'], summary: 'The games catalogue (public group); descriptions in `locale` (English by default)', querystring: z.strictObject({ groupKey: z.literal('public'), versionApp: ZVersionApp, locale: ZLocale.optional() }), response: { 200: ZGamesResponse } },
      ...rawJson,
    },
    async (request, reply) => {
      const catalogue = await catalogueOr503(request);
      if (!isValidGamesPayload(catalogue.payload, 'fresh')) {
        request.log.warn(GAMES_CACHE_MESSAGES.responseNotValid);
        throw new AppError('SERVICE_UNAVAILABLE');
      }
      reply.header('cache-control', 'public, max-age=60');
      return sendRawJson(reply, catalogue.inLocale(request.query.locale ?? 'en').json);
    },
  );

  app.get(
    '/rest/get-game-filters/',
    { schema: { tags: ['games'], summary: 'Catalogue read from the database, with the visitor\'s favorites (the cache fallback); descriptions in `locale`', querystring: z.strictObject({ locale: ZLocale.optional() }), response: { 200: ZGameFiltersResponse } } },
    async (request, reply) => {
      let catalogue: Catalogue;
      try {
        // Read straight from the database: this is where every cache problem falls back to.
        catalogue = buildCatalogue(await loadCatalogueRows(deps.database.db));
      } catch (error) {
        request.log.warn({ err: error }, GAMES_CACHE_MESSAGES.apiRequestFailed);
        throw new AppError('SERVICE_UNAVAILABLE');
      }
      const player = await request.getPlayer();
      const favorites = player ? (await listFavoriteGameIds(deps.database.db, player.id)).filter((id) => catalogue.validIds.has(id)) : [];
      reply.header('cache-control', 'private, no-store');
      return {
        success: true as const,
        data: {
          ...catalogue.inLocale(request.query.locale ?? 'en').payload,
          favorites,
          filters: { volatility: [...new Set(catalogue.payload.games.map((g) => g.volatility))], engines: [...new Set(catalogue.payload.games.map((g) => g.engine))] },
        },
      };
    },
  );

  function requireUserCache(): void {
    if (!hasCapability(theme, 'userCache')) throw new AppError('GAME_CACHE_DISABLED');
  }

  app.get(
    '/api/rest/games/get-cached-games',
    { schema: { tags: ['games'], summary: 'The games payload cached for a playerRestrictionIdsHash', querystring: z.strictObject({ groupKey: ZGroupKey }), response: { 200: ZCachedGamesResponse } }, ...rawJson },
    async (request, reply) => {
      requireUserCache();
      reply.header('cache-control', 'private, no-store');
      const groupKey = request.query.groupKey;
      if (groupKey !== (await visitorHash(request))) {
        request.log.warn({ groupKey }, GAMES_CACHE_MESSAGES.hashNotFound);
        throw new AppError('GAME_CACHE_NOT_FOUND');
      }
      const [json, catalogue] = await Promise.all([readCachedGamesPayload(deps.database.db, groupKey), catalogueOr503(request)]);
      if (json === undefined) {
        // Nothing stored yet for this group (the first visit after a start or a catalogue change): an
        // ordinary miss, not a problem. Its own code, so that the web fills the cache without logging
        // 'playerRestrictionIdsHash not found' (spec §8 logs problems; this printed a line per sign-up).
        throw new AppError('GAME_CACHE_EMPTY');
      }
      const check = checkStoredGamesPayload(json, catalogue);
      if (!check.ok) {
        // Stale or broken (the catalogue changed since): dropped, the client falls back to the filters.
        request.log.warn({ groupKey, reason: check.reason }, GAMES_CACHE_MESSAGES.cachedFromBeNotValid);
        await deleteCachedGamesPayload(deps.database.db, groupKey);
        throw new AppError('GAME_CACHE_EMPTY');
      }
      return sendRawJson(reply, JSON.stringify({ success: true, data: check.payload }));
    },
  );

  app.post(
    '/api/rest/games/cached-games',
    { schema: { tags: ['games'], summary: 'Stores the games payload for a playerRestrictionIdsHash (validated, spec §5)', querystring: z.strictObject({ groupKey: ZGroupKey }), body: z.unknown(), response: { 200: ZCachedGamesStoreResponse } } },
    async (request) => {
      requireUserCache();
      const groupKey = request.query.groupKey;
      if (groupKey !== (await visitorHash(request))) {
        request.log.warn({ groupKey }, GAMES_CACHE_MESSAGES.hashNotFound);
        throw new AppError('GAME_CACHE_NOT_FOUND');
      }
      const check = checkCachedGamesPayload(request.body, await catalogueOr503(request));
      if (!check.ok) {
        request.log.warn({ groupKey, reason: check.reason }, GAMES_CACHE_MESSAGES.cachedNotValid);
        throw new AppError('GAME_CACHE_INVALID', { fields: { body: check.reason } });
      }
      await writeCachedGamesPayload(deps.database.db, groupKey, JSON.stringify(check.payload), deps.clock.nowMs());
      return { success: true as const, stored: true as const };
    },
  );

  app.get(
    '/rest/favorite-game/:id/',
    { schema: { tags: ['games'], summary: 'Adds the game to the player\'s favorites, or removes it', params: z.strictObject({ id: ZGameId }), querystring: z.strictObject({}), response: { 200: ZFavoriteToggleResponse } } },
    async (request, reply) => {
      if (request.headers['sec-fetch-site'] === 'cross-site') throw new AppError('ORIGIN_FORBIDDEN');
      const player = await requirePlayer(request);
      const catalogue = await catalogueOr503(request);
      const gameId = request.params.id;
      if (!catalogue.validIds.has(gameId)) throw new AppError('GAME_NOT_FOUND');
      const isFavorite = await toggleFavoriteGame(deps.database.db, player.id, gameId, deps.clock.nowMs());
      reply.header('cache-control', 'no-store');
      const favoriteGames = (await listFavoriteGameIds(deps.database.db, player.id)).filter((id) => catalogue.validIds.has(id));
      return { success: true as const, data: { gameId, isFavorite, favoriteGames } };
    },
  );
};

export default gamesRoutes;
