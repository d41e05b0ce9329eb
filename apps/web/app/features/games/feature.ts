import { defineFeature } from '../../platform/feature';

declare module '../../platform/feature' {
  interface ModalNames {
    game: true;
    'game-search': true;
    'demo-mode': true;
    'insufficient-funds': true;
    'game-max-bet-limit': true;
    'sweepstakes-restricted': true;
  }
}

/** One chunk for every game modal (game, search, demo mode, insufficient funds, max bet, Fortune Coins restricted). */
const load = () => import('./game-modals');

/** The games' modals and the `game` link (players only; guests go to sign-up). */
export default defineFeature({
  id: 'games',
  modals: {
    game: { load, layout: 'full' },
    // A stray click outside does not lose the search (spec §2); Escape, a keyboard user's way out, does close it.
    'game-search': { load, closesOnBackdrop: false, closesOnEscape: true },
    'demo-mode': { load },
    'insufficient-funds': { load },
    'game-max-bet-limit': { load, closesOnBackdrop: false },
    'sweepstakes-restricted': { load },
  },
  deepLinks: [
    {
      params: ['game'],
      modal: 'game',
      options: (params) => ({ game: params.get('game') ?? '', isMoney: params.get('isMoney') === 'true' }),
      playersOnly: true,
    },
  ],
});
