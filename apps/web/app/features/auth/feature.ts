import { defineFeature } from '../../platform/feature';

declare module '../../platform/feature' {
  interface ModalNames {
    'registration-complete': true;
    'signup-gift': true;
  }
}

/**
 * The registration-complete modal (not built yet; the page is routes/registration-complete.tsx): no
 * backdrop close (spec §2). The sign-up gift welcome: the first thing the player home shows after
 * sign-up (features/auth/signup-gift.ts).
 */
export default defineFeature({
  id: 'auth',
  modals: {
    'registration-complete': { closesOnBackdrop: false },
    'signup-gift': { load: () => import('./ui/signup-gift-modal'), described: true },
  },
});
