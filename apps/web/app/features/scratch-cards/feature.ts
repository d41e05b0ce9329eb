import { defineFeature } from '../../platform/feature';

declare module '../../platform/feature' {
  interface ModalNames {
    'scratch-cards': true;
    'scratch-cards-welcome': true;
  }
}

/**
 * Scratch cards (docs/features/scratch-cards.md, spec §2): the /scratch-cards page, the welcome and
 * ticket-play modals, the welcome once a day while the feature runs. Spec §4: their finish also ends
 * magic boxes.
 */
export default defineFeature({
  id: 'scratch-cards',
  state: (init) => ({ isActive: init.scratchCardLottery.isActive }),
  pages: [{ path: 'scratch-cards', file: 'ui/scratch-cards-page.tsx' }],
  modals: {
    'scratch-cards': { load: () => import('./ui/ticket-play-modal'), described: true },
    'scratch-cards-welcome': { load: () => import('./ui/welcome-modal'), described: true },
  },
  deepLinks: [{ params: ['openModal'], matches: (value) => value === 'scratch-cards', modal: 'scratch-cards', playersOnly: true }],
  strings: { namespaces: ['scratchCards'] },
  welcome: { modal: 'scratch-cards-welcome' },
  finishAlsoEnds: ['magic-boxes'],
});
