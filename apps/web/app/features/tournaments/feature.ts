import { defineFeature } from '../../platform/feature';

declare module '../../platform/feature' {
  interface ModalNames {
    tournaments: true;
  }
}

/**
 * Tournaments (not built yet): /tournaments/ and openModal values containing tournaments open the
 * tournaments modal for players; guests go to sign-up (spec §2).
 */
export default defineFeature({
  id: 'tournaments',
  pages: [{ path: 'tournaments', file: 'ui/tournaments-page.tsx', middleware: ['signup-required'], namespaces: ['features', 'comingSoon'] }],
  modals: { tournaments: { closesOnBackdrop: false } },
  deepLinks: [{ params: ['openModal'], matches: (value) => value.includes('tournaments'), modal: 'tournaments', playersOnly: true }],
});
