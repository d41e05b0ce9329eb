import { z } from 'zod';

/** One game of the catalogue (spec §3 "Games catalogue"): keyed by id in the payload. */
export const ZCatalogueGame = z.object({
  id: z.number().int().positive(),
  slug: z.string(),
  title: z.string(),
  /** The title in Spanish (operator data beside the studio's English title; null: the English title in every language). */
  titleEs: z.string().nullable().optional(),
  /** Tile art (original SVG) and the same art as the logo. */
  img: z.string(),
  logo: z.string(),
  /** Issue page names (`popular-games`) the game is listed in. */
  issues: z.array(z.string()),
  /** Provider slugs. */
  providers: z.array(z.string()),
  engine: z.string(),
  volatility: z.string(),
  description: z.string(),
});
export type CatalogueGame = z.infer<typeof ZCatalogueGame>;

/** A studio; `titleEs`: its name in Spanish (operator data; null where the name is a brand read the same in every language). */
export const ZCatalogueProvider = z.object({ id: z.number().int().positive(), slug: z.string(), title: z.string(), titleEs: z.string().nullable().optional(), img: z.string(), gamesCount: z.number().int().min(0) });
export const ZCatalogueIssue = z.object({ id: z.number().int().positive(), key: z.string(), slug: z.string(), title: z.string(), icon: z.string().nullable(), gamesCount: z.number().int().min(0) });
export const ZCatalogueMenuItem = z.object({ title: z.string(), url: z.string(), issue: z.string().nullable(), icon: z.string().nullable() });
export const ZSchemeSection = z.object({ key: z.string(), title: z.string(), issue: z.string(), rowsPerSlide: z.number().int().min(1) });

/**
 * The games payload of GET /api/rest/games and GET /rest/get-game-filters/: `games` is an array
 * here (spec §5: "games is a non-empty array"); the cached form keys it by id.
 */
export const ZGamesPayload = z.object({
  games: z.array(ZCatalogueGame),
  providers: z.array(ZCatalogueProvider),
  issues: z.array(ZCatalogueIssue),
  issueGamesIds: z.record(z.string(), z.array(z.number().int().positive())),
  providerGamesIds: z.record(z.string(), z.array(z.number().int().positive())),
  menu: z.array(ZCatalogueMenuItem),
  schemeSections: z.array(ZSchemeSection),
});
export type GamesPayload = z.infer<typeof ZGamesPayload>;

export const ZGamesResponse = z.object({ success: z.literal(true), data: ZGamesPayload });

/** GET /rest/get-game-filters/: the payload plus the visitor's favorites and the filter values. */
export const ZGameFiltersResponse = z.object({
  success: z.literal(true),
  data: ZGamesPayload.extend({
    favorites: z.array(z.number().int().positive()),
    filters: z.object({ volatility: z.array(z.string()), engines: z.array(z.string()) }),
  }),
});

/**
 * The cached form (POST /api/rest/games/cached-games body, GET …/get-cached-games answer): `games`
 * keyed by id (an array is accepted on the way in). Validity rules of spec §5 are checked by the
 * server beside this shape: providers non-empty, games non-empty, menu an array, issueGamesIds non-empty.
 */
export const ZCachedGamesPayload = z.object({
  games: z.union([z.record(z.string(), ZCatalogueGame), z.array(ZCatalogueGame)]),
  providers: z.array(ZCatalogueProvider),
  issues: z.array(ZCatalogueIssue).optional(),
  issueGamesIds: z.record(z.string(), z.array(z.number().int().positive())),
  providerGamesIds: z.record(z.string(), z.array(z.number().int().positive())).optional(),
  menu: z.array(ZCatalogueMenuItem),
  schemeSections: z.array(ZSchemeSection).optional(),
});
export type CachedGamesPayloadInput = z.infer<typeof ZCachedGamesPayload>;

export const ZStoredGamesPayload = ZCachedGamesPayload.extend({ games: z.record(z.string(), ZCatalogueGame) });
export type StoredGamesPayload = z.infer<typeof ZStoredGamesPayload>;

export const ZCachedGamesResponse = z.object({ success: z.literal(true), data: ZStoredGamesPayload });
export const ZCachedGamesStoreResponse = z.object({ success: z.literal(true), stored: z.literal(true) });

/** GET /rest/favorite-game/{id}/: the toggle's result and the player's favorites after it. */
export const ZFavoriteToggleResponse = z.object({ success: z.literal(true), data: z.object({ gameId: z.number().int(), isFavorite: z.boolean(), favoriteGames: z.array(z.number().int()) }) });
