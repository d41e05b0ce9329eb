// The push's type only: the real-time client loads every push contract (lib/realtime.ts) before it
// checks a push, so the schemas stay out of the feature declarations (loaded after every page).
import type {} from '@sweepstack/contracts/tournaments/pushes';
import { defineFeature } from '../../platform/feature';

declare module '../../platform/feature' {
  interface ModalNames {
    tournaments: true;
    'tournament-leaderboard': true;
    'tournament-prizes': true;
    'tournament-games': true;
  }
}

/**
 * Tournaments (docs/features/tournaments.md, spec §2): /tournaments/ and openModal values containing
 * tournaments open the tournaments modal for players (guests go to sign-up); its leaderboard, prizes
 * and games modals; the race-finished toast with "show leaderboard" (10 s) when a tournament the
 * player joined ends, wherever the player is; the panel in the game window (`gameWindow`).
 */
export default defineFeature({
  id: 'tournaments',
  state: () => ({ isActive: true }),
  pages: [{ path: 'tournaments', file: 'ui/tournaments-page.tsx', middleware: ['signup-required'], namespaces: ['features', 'tournaments'] }],
  modals: {
    tournaments: { load: () => import('./ui/tournaments-modal'), closesOnBackdrop: false, described: true },
    'tournament-leaderboard': { load: () => import('./ui/leaderboard-modal'), described: true },
    'tournament-prizes': { load: () => import('./ui/prizes-modal'), described: true },
    'tournament-games': { load: () => import('./ui/games-modal'), described: true },
  },
  sidebar: [{ key: 'tournaments', label: 'tournaments.nav.sidebar', to: '/tournaments/', icon: '/icons/menu/tournaments.svg', order: 40 }],
  deepLinks: [{ params: ['openModal'], matches: (value) => value.includes('tournaments'), modal: 'tournaments', playersOnly: true }],
  strings: { namespaces: ['tournaments'], shell: ['tournaments.nav', 'tournaments.toast', 'tournaments.widget', 'tournaments.you', 'tournaments.noScores'] },
  // The game window's panel: place, points and the top 3 while the player plays a game of a tournament they joined.
  gameWindow: () => import('./ui/game-widget'),
  pushes: [
    {
      type: 'tournament',
      handle: (message) => {
        // The push names the tournament in every language: this page shows its own.
        if (message.action === 'stop' && message.data.reason === 'finished') void import('./ui/race-finished').then(({ raceFinished }) => raceFinished(message.data.historyId, message.data.titles));
      },
    },
  ],
});
