import { defineFeature } from '../../platform/feature';

declare module '../../platform/feature' {
  interface ModalNames {
    'registration-complete': true;
  }
}

/** The registration-complete modal (not built yet; the page is routes/registration-complete.tsx): no backdrop close (spec §2). */
export default defineFeature({
  id: 'auth',
  modals: { 'registration-complete': { closesOnBackdrop: false } },
});
