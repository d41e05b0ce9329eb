import { createContext, useContext } from 'react';
import { create } from 'zustand';
import { http } from '../../lib/http';
import { showToast } from '../toasts/toast-store';

interface FavoritesState {
  /** Null until a player's favorites are loaded (guests never have any). */
  ids: ReadonlySet<number> | null;
  busy: ReadonlySet<number>;
  init(ids: readonly number[] | null): void;
}

export const useFavorites = create<FavoritesState>((set) => ({
  ids: null,
  busy: new Set(),
  init: (ids) => set({ ids: ids === null ? null : new Set(ids) }),
}));

/** The loader's favorites (null for guests): the store takes over after the first toggle. */
export const FavoritesSeed = createContext<readonly number[] | null>(null);

/** The player's favorites, or null for guests. */
export function useFavoriteIds(): ReadonlySet<number> | null {
  const seed = useContext(FavoritesSeed);
  const live = useFavorites((s) => s.ids);
  if (live) return live;
  return seed ? new Set(seed) : null;
}

/** Whether a favorite toggle may run (spec §5: a game with an id and a loaded player). */
export function canToggleFavorite(gameId: number | null | undefined, ids: ReadonlySet<number> | null): gameId is number {
  return typeof gameId === 'number' && Number.isInteger(gameId) && gameId > 0 && ids !== null;
}

/** GET /rest/favorite-game/{id}/ toggles; the answer's list replaces ours; a 1.5 s toast says what happened. */
export async function toggleFavorite(gameId: number | null | undefined, seed: ReadonlySet<number> | null, messages: { added: string; removed: string; failed: string }): Promise<void> {
  if (!useFavorites.getState().ids && seed) useFavorites.setState({ ids: seed });
  const { ids, busy } = useFavorites.getState();
  if (!canToggleFavorite(gameId, ids) || busy.has(gameId)) return;
  useFavorites.setState({ busy: new Set([...busy, gameId]) });
  try {
    const answer = await http<{ data: { isFavorite: boolean; favoriteGames: number[] } }>('/rest/favorite-game/{id}/', { params: { id: gameId } });
    useFavorites.setState({ ids: new Set(answer.data.favoriteGames) });
    showToast('favorite', answer.data.isFavorite ? messages.added : messages.removed);
  } catch {
    showToast('error', messages.failed);
  } finally {
    const next = new Set(useFavorites.getState().busy);
    next.delete(gameId);
    useFavorites.setState({ busy: next });
  }
}
