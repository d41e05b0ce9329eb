import { defineFeature } from '../../platform/feature';

declare module '../../platform/feature' {
  interface ModalNames {
    'wheel-of-treasure': true;
    'wheel-of-treasure-welcome': true;
    'wheel-of-treasure-how-it-works': true;
  }
}

/**
 * Wheel of treasure (docs/features/wheel-of-treasure.md, spec §2): the /wheel-of-treasure page and its
 * modals (welcome, how it works, play), openModal values containing daily-wheel or exactly
 * wheel-of-treasure, the sidebar entry, and the welcome once per day. The wheel runs site-wide and
 * has no app-init slice (spec §3 has none for it): the page and modals read its own info call, and the
 * welcome closes itself when there is nothing to spin.
 */
export default defineFeature({
  id: 'wheel-of-treasure',
  state: () => ({ isActive: true }),
  pages: [{ path: 'wheel-of-treasure', file: 'ui/wheel-page.tsx' }],
  modals: {
    'wheel-of-treasure': { load: () => import('./ui/play-modal'), described: true },
    'wheel-of-treasure-welcome': { load: () => import('./ui/welcome-modal'), described: true },
    'wheel-of-treasure-how-it-works': { load: () => import('./ui/how-it-works-modal'), described: true },
  },
  deepLinks: [{ params: ['openModal'], matches: (value) => value.includes('daily-wheel') || value === 'wheel-of-treasure', modal: 'wheel-of-treasure', playersOnly: true }],
  sidebar: [{ key: 'wheel-of-treasure', label: 'wheelOfTreasure.nav.sidebar', to: '/wheel-of-treasure/', icon: '/icons/menu/wheel-of-treasure.svg', order: 30 }],
  strings: { namespaces: ['wheelOfTreasure'], shell: ['wheelOfTreasure.nav'] },
  welcome: { modal: 'wheel-of-treasure-welcome' },
});
