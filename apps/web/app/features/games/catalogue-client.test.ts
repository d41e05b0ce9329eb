import { describe, expect, it } from 'vitest';
import { findCatalogueGame, searchGames } from './catalogue-client';
import { canToggleFavorite } from './favorites';
import type { LobbyGame } from './types';

const game = (id: number, title: string): LobbyGame => ({ id, slug: title.toLowerCase().replace(/\W+/g, '-'), title, img: '', volatility: 'low', providers: [] });
const games = [game(1, 'Reef Raiders'), game(2, 'Golden Koi Link'), game(3, 'Kraken’s Hoard'), game(4, 'Oracle of Embers'), game(5, 'Érable Gold')];

describe('searchGames', () => {
  it('matches titles case- and accent-insensitively, prefix matches first', () => {
    expect(searchGames(games, 'gold').map((g) => g.id)).toEqual([2, 5]);
    expect(searchGames(games, 'ERABLE').map((g) => g.id)).toEqual([5]);
    expect(searchGames(games, 'o').map((g) => g.id)[0]).toBe(4);
  });
  it('answers nothing for an empty query and respects the limit', () => {
    expect(searchGames(games, '   ')).toEqual([]);
    expect(searchGames(games, 'e', 2)).toHaveLength(2);
  });
});

describe('findCatalogueGame', () => {
  it('finds by slug or id', () => {
    expect(findCatalogueGame(games, 'reef-raiders')?.id).toBe(1);
    expect(findCatalogueGame(games, '2')?.title).toBe('Golden Koi Link');
    expect(findCatalogueGame(games, 'nope')).toBeUndefined();
  });
});

describe('canToggleFavorite (spec §5)', () => {
  it('needs a game with an id and a loaded player', () => {
    expect(canToggleFavorite(3, new Set())).toBe(true);
    expect(canToggleFavorite(3, null)).toBe(false);
    expect(canToggleFavorite(undefined, new Set())).toBe(false);
    expect(canToggleFavorite(0, new Set())).toBe(false);
  });
});
