import { defineFeature } from '../../platform/feature';

declare module '../../platform/feature' {
  interface ModalNames {
    'easy-profile-completed': true;
    'change-password': true;
  }
}

/** Account modals not built yet; a backdrop click never closes them (spec §2). */
export default defineFeature({
  id: 'account',
  modals: { 'easy-profile-completed': { closesOnBackdrop: false }, 'change-password': { closesOnBackdrop: false } },
});
