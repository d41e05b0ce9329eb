// The push's type only: the real-time client loads every push contract (lib/realtime.ts) before it
// checks a push, so the schemas stay out of the feature declarations (loaded after every page).
import type {} from '@sweepstack/contracts/prize-drops/pushes';
import { defineFeature } from '../../platform/feature';

declare module '../../platform/feature' {
  interface ModalNames {
    'prize-drops-welcome': true;
    'prize-drops-win': true;
  }
}

/** The popup cookie (spec §9): set when the welcome shows, it lasts to the end of the local day. */
export const PRIZE_DROPS_POPUP_COOKIE = 'prizeDropsPopup';

/**
 * Prize drops (docs/features/prize-drops.md, spec §2, §4): the /prize-drops board, the welcome (once a
 * day: its cookie lasts to the end of the day) and the win modal, which the `prizeAssigned` push opens
 * for the winner wherever they are; the toast before each block on any page (its `background` watcher).
 */
export default defineFeature({
  id: 'prize-drops',
  state: (init) => ({ isActive: init.prizeDrops.isActive }),
  pages: [{ path: 'prize-drops', file: 'ui/prize-drops-page.tsx' }],
  modals: {
    'prize-drops-welcome': { load: () => import('./ui/welcome-modal'), described: true },
    'prize-drops-win': { load: () => import('./ui/win-modal'), described: true },
  },
  sidebar: [{ key: 'prizeDrops', label: 'sidebar.extra.prizeDrops', to: '/prize-drops/', icon: '/icons/menu/prize-drops.svg', order: 50 }],
  deepLinks: [{ params: ['openModal'], matches: (value) => value === 'prize-drops', modal: 'prize-drops-welcome' }],
  strings: { namespaces: ['prizeDrops'], shell: ['prizeDrops.toast'] },
  welcome: { modal: 'prize-drops-welcome', when: (state) => state.isActive && typeof document !== 'undefined' && !document.cookie.split('; ').some((c) => c.startsWith(`${PRIZE_DROPS_POPUP_COOKIE}=`)) },
  // Spec §4: the toast 40 s before each hourly block, on every page while no game is open.
  background: { load: () => import('./ui/block-toast') },
  pushes: [
    {
      type: 'prizeDrops',
      handle: (message, { open }) => {
        if (message.action === 'prizeAssigned' && message.data.isMine) open('prize-drops-win');
      },
    },
  ],
});
