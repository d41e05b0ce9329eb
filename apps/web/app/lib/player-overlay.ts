import { useSyncExternalStore } from 'react';
import type { PlayerView } from './root-data';

/**
 * The signed-in lobby's cached page (docs/page-serving.md, "Session 11"): the server serves one
 * player-neutral render to every player of the same key and adds this player's own data to it as a
 * JSON script (`<script id="player-data" type="application/json">`). The page hydrates with the
 * neutral data the HTML was rendered from (so hydration matches), then applies these.
 */
export const PLAYER_DATA_ELEMENT_ID = 'player-data';

/** What the served page adds for its player: the root's player view and their favorite games (their promotion cards load after the page). */
export interface PlayerOverlay {
  player: PlayerView;
  favorites: number[];
}

let read: PlayerOverlay | null | undefined;

function snapshot(): PlayerOverlay | null {
  if (read === undefined) {
    const element = typeof document === 'undefined' ? null : document.getElementById(PLAYER_DATA_ELEMENT_ID);
    try {
      read = element?.textContent ? (JSON.parse(element.textContent) as PlayerOverlay) : null;
    } catch {
      read = null;
    }
  }
  return read;
}

const subscribe = () => () => undefined;
const serverSnapshot = () => null;

/**
 * The player's data added to a neutral page, or null: null on the server and during hydration
 * (React renders with the server snapshot first), the data right after.
 */
export function usePlayerOverlay(): PlayerOverlay | null {
  return useSyncExternalStore(subscribe, snapshot, serverSnapshot);
}
