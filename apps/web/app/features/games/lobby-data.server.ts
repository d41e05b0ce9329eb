import type { AppInitData } from '@sweepstack/contracts/app/app-init';
import type { GamesPayload } from '@sweepstack/contracts/games/catalogue';
import type { HomePageResponse } from '@sweepstack/contracts/games/home';
import type { AppLoadContext } from 'react-router';
import type { Locale } from '../../lib/locale';
import type { NeutralPlayer } from '../../lib/player-page.server';
import { loadCachedGames, usesGamesCache } from './games-cache';
import { contextApiCall, ssrGamesCacheLog, ssrGamesMemory } from './games-cache.server';
import { ROW_LIMIT, rowsPerSlide } from './rows';
import { localTitle } from './names';
import type { CatalogueData, LobbyBanner, LobbyData, LobbyGame } from './types';

export const VERSION_APP = '2_28_0';

async function getJson<T>(context: AppLoadContext, path: string): Promise<T | null> {
  try {
    const response = await context.api(path);
    if (!response.ok) return null;
    return (await response.json()) as T;
  } catch {
    return null;
  }
}

/** The lobby's game: what a tile shows (its title in the page's language); `jackpot` when the game is in the operator's jackpot list (issue key `jackpot`). */
const toGame = (g: GamesPayload['games'][number], jackpotSlug: string | undefined, locale: Locale): LobbyGame => ({ id: g.id, slug: g.slug, title: localTitle(g, locale), img: g.img, volatility: g.volatility, providers: g.providers, ...(jackpotSlug !== undefined && g.issues.includes(jackpotSlug) ? { jackpot: true } : {}) });

/** Players of a theme with the user-cache flag: the games cache (games-cache.ts), favorites from app init on a hit. */
async function loadPlayerGames(context: AppLoadContext, appInit: AppInitData | null): Promise<{ data: GamesPayload; favorites: number[] } | null> {
  const loaded = await loadCachedGames({ hash: appInit?.playerRestrictionIdsHash, api: contextApiCall(context), log: ssrGamesCacheLog(context), memory: ssrGamesMemory });
  if (!loaded) return null;
  return { data: loaded.payload, favorites: loaded.favorites ?? appInit?.favoriteGames ?? [] };
}

/**
 * The lobby's player-neutral render (docs/page-serving.md, "Session 11"): the games of the player's
 * restriction hash (the games cache, or the public payload in themes without it), no favorites (they
 * come with the player's data).
 */
async function loadNeutralGames(context: AppLoadContext, neutral: NeutralPlayer): Promise<{ data: GamesPayload; favorites: number[] } | null> {
  if (usesGamesCache(context.theme)) {
    const loaded = await loadCachedGames({ hash: neutral.restrictionHash, api: contextApiCall(context), log: ssrGamesCacheLog(context), memory: ssrGamesMemory });
    return loaded && { data: loaded.payload, favorites: [] };
  }
  const games = await getJson<{ data: GamesPayload }>(context, `/api/rest/games?groupKey=public&versionApp=${VERSION_APP}`);
  return games && { data: games.data, favorites: [] };
}

/**
 * The catalogue: guests read the public payload; players too, with their favorites from app init (the
 * public payload is serialized once per content snapshot; the filter endpoint, which adds favorites,
 * reads the database afresh on every call and is kept for when app init is missing), or, in themes
 * with the user-cache flag (the site's theme, which the API's cache endpoints follow), the games cache
 * keyed by app init's playerRestrictionIdsHash.
 */
export async function loadCatalogue(context: AppLoadContext, isPlayer: boolean, appInit: AppInitData | null = null, neutral: NeutralPlayer | null = null, locale: Locale = 'en'): Promise<CatalogueData | null> {
  let body: { data: GamesPayload; favorites: number[] | null } | null;
  if (neutral) body = await loadNeutralGames(context, neutral);
  else if (isPlayer && usesGamesCache(context.theme)) body = await loadPlayerGames(context, appInit);
  else if (isPlayer && appInit) {
    const games = await getJson<{ data: GamesPayload }>(context, `/api/rest/games?groupKey=public&versionApp=${VERSION_APP}`);
    body = games && { data: games.data, favorites: appInit.favoriteGames };
  } else if (isPlayer) {
    const filters = await getJson<{ data: GamesPayload & { favorites: number[] } }>(context, '/rest/get-game-filters/');
    body = filters && { data: filters.data, favorites: filters.data.favorites ?? [] };
  } else {
    const games = await getJson<{ data: GamesPayload }>(context, `/api/rest/games?groupKey=public&versionApp=${VERSION_APP}`);
    body = games && { data: games.data, favorites: null };
  }
  if (!body) return null;
  const data = body.data;
  const jackpotSlug = data.issues.find((i) => i.key === 'jackpot')?.slug;
  return {
    games: data.games.map((g) => toGame(g, jackpotSlug, locale)),
    issues: data.issues.map((i) => ({ key: i.key, slug: i.slug, title: i.title, gamesCount: i.gamesCount })),
    providers: data.providers.map((p) => ({ slug: p.slug, title: localTitle(p, locale), img: p.img, gamesCount: p.gamesCount })),
    issueGamesIds: data.issueGamesIds,
    providerGamesIds: data.providerGamesIds,
    favorites: isPlayer ? (body.favorites ?? []) : null,
  };
}

/** Home and lobby: the home payload plus the catalogue, trimmed to what the rows show. */
export async function loadLobby(context: AppLoadContext, isPlayer: boolean, options: { maxSections?: number; appInit?: AppInitData | null; locale?: Locale; neutral?: NeutralPlayer | null } = {}): Promise<LobbyData> {
  // Operator texts (banners, collections) come in the page's language, English where there is none.
  const [home, catalogue] = await Promise.all([getJson<HomePageResponse>(context, `/rest/page/home/?versionApp=${VERSION_APP}&locale=${options.locale ?? 'en'}`), loadCatalogue(context, isPlayer, options.appInit ?? null, options.neutral ?? null, options.locale ?? 'en')]);
  const all = new Map((catalogue?.games ?? []).map((g) => [g.id, g]));
  const payload = home?.payload;
  const issues = payload?.games.issues ?? {};
  const sections = [
    ...(catalogue && catalogue.games.length > 0 ? [{ key: 'allGames', title: 'All games', issue: 'all', rowsPerSlide: rowsPerSlide('allGames'), games: catalogue.games.map((g) => g.id) }] : []),
    ...(payload?.schemeSections ?? []).map((s) => ({ key: s.key, title: s.title, issue: s.issue, rowsPerSlide: rowsPerSlide(s.key), games: (issues[s.issue]?.games ?? catalogue?.issueGamesIds[s.issue] ?? []).filter((id) => all.has(id)) })),
    ...(payload?.collections ?? []).map((c) => ({ key: c.key, title: c.title, issue: '', rowsPerSlide: 1, games: c.games.filter((id) => all.has(id)) })),
  ].filter((s) => s.games.length > 0);
  // popular first per the spec's section order; "all games" last as the catch-all.
  const everything = [...sections.filter((s) => s.key !== 'allGames'), ...sections.filter((s) => s.key === 'allGames')];
  const ordered = options.maxSections === undefined ? everything : everything.slice(0, options.maxSections);
  const used = new Set(ordered.flatMap((s) => s.games.slice(0, ROW_LIMIT)));
  const gameOfWeek = issues['popular-games']?.gameOfWeek ?? null;
  if (gameOfWeek !== null) used.add(gameOfWeek);
  const games: Record<string, LobbyGame> = {};
  for (const id of used) {
    const g = all.get(id);
    if (g) games[id] = g;
  }
  const slugOf = (id: number | null) => (id === null ? null : (all.get(id)?.slug ?? null));
  const promo: LobbyBanner[] = (payload?.promoBanners ?? []).flatMap((raw) => {
    const b = raw as Partial<LobbyBanner> & { key?: string };
    return b.key && b.title && b.image && b.url ? [{ key: b.key, title: b.title, text: b.text ?? '', image: b.image, url: b.url, promo: true, gameId: null }] : [];
  });
  const banners: LobbyBanner[] = [
    ...promo,
    ...(payload?.banners ?? []).map((b) => {
      const slug = slugOf(b.game);
      // A game banner opens the game (players) through the `game` query of the banner's link.
      const url = slug && !b.url.includes('game=') ? `${b.url}${b.url.includes('?') ? '&' : '?'}game=${slug}` : b.url;
      return { key: b.key, title: b.title, text: b.text, image: b.image, url, promo: false, gameId: slug ? b.game : null };
    }),
  ];
  return {
    games,
    sections: ordered,
    banners,
    jackpots: (payload?.jackpots ?? []).map((j) => ({ currency: j.currency, value: j.value })),
    lastWinners: (payload?.lastWinners ?? []).map((w) => ({ roundId: w.roundId, name: w.name, gameSlug: w.gameSlug, gameTitle: w.gameTitle, img: w.img, currency: w.currency, amount: w.amount, jackpot: w.jackpot })),
    gameOfWeek: gameOfWeek !== null && all.has(gameOfWeek) ? gameOfWeek : null,
    favorites: catalogue?.favorites ?? (isPlayer ? [] : null),
    signupGift: payload?.signupGift ?? null,
    // A neutral render has no player's cards (its calls are a guest's; the player's come with the page).
    promotions: options.neutral ? [] : (payload?.promotions ?? []),
    ...(options.neutral ? { neutral: { hasPromotions: options.neutral.hasPromotions } } : {}),
  };
}
