import { defineFeature } from '../../platform/feature';

declare module '../../platform/feature' {
  interface ModalNames {
    'bingo-welcome': true;
  }
}

/**
 * Bingo (docs/features/bingo.md, spec §2, §3, §9): the /bingo page with the period's card, the
 * welcome modal once a day, the sidebar entry while app init says bingo runs (themes with the bingo
 * store: funzCity, jackpotRabbit, sws).
 */
export default defineFeature({
  id: 'bingo',
  state: (init) => ({ isActive: init.bingo.isActive }),
  pages: [{ path: 'bingo', file: 'ui/bingo-page.tsx', middleware: ['signup-required'] }],
  modals: { 'bingo-welcome': { load: () => import('./ui/welcome-modal'), described: true } },
  sidebar: [{ key: 'bingo', label: 'sidebar.extra.bingo', to: '/bingo/', icon: '/icons/menu/bingo.svg', order: 20 }],
  deepLinks: [{ params: ['openModal'], matches: (value) => value === 'bingo', modal: 'bingo-welcome', playersOnly: true }],
  strings: { namespaces: ['bingo'] },
  welcome: { modal: 'bingo-welcome' },
});
