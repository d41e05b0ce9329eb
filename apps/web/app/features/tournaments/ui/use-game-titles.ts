import { useEffect, useState } from 'react';
import { loadCatalogueGames } from '../../games/catalogue-client';
import type { LobbyGame } from '../../games/types';
import { useRootData } from '../../../lib/root-data';

/** The catalogue's games by id (loaded once per page), for the tournaments' game lists. */
export function useCatalogue(): Map<number, LobbyGame> {
  const { locale } = useRootData();
  const [games, setGames] = useState<Map<number, LobbyGame>>(new Map());
  useEffect(() => {
    let live = true;
    loadCatalogueGames(locale)
      .then((list) => live && setGames(new Map(list.map((g) => [Number(g.id), g]))))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [locale]);
  return games;
}

/** Game titles by id. */
export function useGameTitles(): Map<number, string> {
  const games = useCatalogue();
  return new Map([...games].map(([id, g]) => [id, g.title]));
}
