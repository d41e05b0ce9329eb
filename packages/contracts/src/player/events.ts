import { z } from 'zod';
import { defineEvent } from '../events';

/** The player switched game mode (it carries the `gameMode` push to their other tabs). */
export const PlayerGameModeChanged = defineEvent('player.game-mode-changed', z.object({}));

declare module '../events' {
  interface EventCatalogue {
    'player.game-mode-changed': typeof PlayerGameModeChanged;
  }
}
