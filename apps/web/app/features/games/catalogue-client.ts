import type { GamesPayload } from '@sweepstack/contracts/games/catalogue';
import { http } from '../../lib/http';
import { localTitle } from './names';
import type { LobbyGame } from './types';

const VERSION_APP = '2_28_0';
let loading: Promise<GamesPayload['games']> | null = null;

/**
 * The public catalogue, fetched once per page (the search modal and the game modal need it), with the
 * titles in the page's language (`locale`; the payload carries both names, so one fetch serves both).
 */
export function loadCatalogueGames(locale: string): Promise<LobbyGame[]> {
  loading ??= http<{ data: GamesPayload }>('/api/rest/games', { query: { groupKey: 'public', versionApp: VERSION_APP } })
    .then((body) => body.data.games)
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading.then((games) => games.map((g) => ({ id: g.id, slug: g.slug, title: localTitle(g, locale), img: g.img, volatility: g.volatility, providers: g.providers })));
}

/** A game by slug or numeric id. */
export function findCatalogueGame(games: readonly LobbyGame[], key: string): LobbyGame | undefined {
  return games.find((g) => g.slug === key || String(g.id) === key);
}

/** Case- and accent-insensitive title search (at most `limit` results, title prefix matches first). */
export function searchGames(games: readonly LobbyGame[], query: string, limit = 30): LobbyGame[] {
  const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim();
  const q = fold(query);
  if (!q) return [];
  const hits = games.filter((g) => fold(g.title).includes(q));
  hits.sort((a, b) => Number(!fold(a.title).startsWith(q)) - Number(!fold(b.title).startsWith(q)) || a.title.localeCompare(b.title));
  return hits.slice(0, limit);
}
