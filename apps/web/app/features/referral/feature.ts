// The push's type only: the real-time client loads every push contract (lib/realtime.ts) before it
// checks a push, so the schemas stay out of the feature declarations (loaded after every page).
import type {} from '@sweepstack/contracts/referral/pushes';
import { defineFeature } from '../../platform/feature';

declare module '../../platform/feature' {
  interface ModalNames {
    'referral-info': true;
  }
}

/**
 * Referral and player rewards (docs/features/referral.md, spec §2): the /referral-info page (the
 * invite-friends screen: code, link, rewards, each friend's status), the referral info modal (which a
 * backdrop click never closes), and the "friend or player qualified reward" toasts wherever the player is.
 */
export default defineFeature({
  id: 'referral',
  state: () => ({ isActive: true }),
  pages: [{ path: 'referral-info', file: 'ui/referral-page.tsx', namespaces: ['referral', 'errors'] }],
  modals: { 'referral-info': { load: () => import('./ui/referral-modal'), closesOnBackdrop: false, described: true } },
  deepLinks: [{ params: ['openModal'], matches: (value) => value === 'referral-info', modal: 'referral-info', playersOnly: true }],
  strings: { namespaces: ['referral'] },
  pushes: [
    {
      type: 'referral',
      handle: (message) => {
        void import('./ui/reward-toast').then(({ showRewardToast }) => showRewardToast(message));
      },
    },
  ],
});
