import { defineFeature } from '../../platform/feature';

declare module '../../platform/feature' {
  interface ModalNames {
    'referral-info': true;
  }
}

/** Referral info (not built yet): its page and its modal, which a backdrop click never closes (spec §2). */
export default defineFeature({
  id: 'referral-info',
  pages: [{ path: 'referral-info' }],
  modals: { 'referral-info': { closesOnBackdrop: false } },
});
