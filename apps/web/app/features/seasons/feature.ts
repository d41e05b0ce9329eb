import type {} from '@sweepstack/contracts/seasons/pushes';
import { defineFeature } from '../../platform/feature';

declare module '../../platform/feature' {
  interface ModalNames {
    season: true;
    'season-congratulations': true;
    'season-welcome': true;
  }
}

/** Where the last `prizeAssigned` pushes wait for the congratulations modal (and the completed level is kept). */
export const SEASON_PRIZES_KEY = 'sweepstack_season_prizes';

/**
 * Seasons (docs/features/seasons.md, spec §2–§4): the season tower modal (sidebar entry, openModal
 * values containing seasons), its welcome once a day while a season runs, and the congratulations a
 * `prizeAssigned` push opens wherever the player is (the push is stored first: the modal shows it and
 * the completed level stays known; level 12 is the last).
 */
export default defineFeature({
  id: 'seasons',
  state: (init) => ({ isActive: init.season.isActive }),
  modals: {
    season: { load: () => import('./ui/season-modal'), described: true },
    'season-congratulations': { load: () => import('./ui/congratulations-modal'), described: true },
    'season-welcome': { load: () => import('./ui/welcome-modal'), described: true },
  },
  sidebar: [{ key: 'season', label: 'sidebar.extra.season', modal: 'season', icon: '/icons/menu/season.svg', order: 30 }],
  deepLinks: [{ params: ['openModal'], matches: (value) => value.includes('seasons'), modal: 'season', playersOnly: true }],
  strings: { namespaces: ['seasons'] },
  welcome: { modal: 'season-welcome' },
  pushes: [
    {
      type: 'season',
      contract: () => import('@sweepstack/contracts/seasons/pushes'),
      handle(message, { open, isOpen }) {
        if (message.action !== 'prizeAssigned') return;
        try {
          const kept = JSON.parse(window.localStorage.getItem(SEASON_PRIZES_KEY) ?? '[]') as unknown[];
          window.localStorage.setItem(SEASON_PRIZES_KEY, JSON.stringify([...(Array.isArray(kept) ? kept : []), message.data].slice(-24)));
        } catch {
          // Storage denied: the modal still opens and reads the season from the server.
        }
        // One congratulations at a time: an open one takes the new prizes from storage (it listens too).
        if (!isOpen('season-congratulations')) open('season-congratulations');
      },
    },
  ],
});
