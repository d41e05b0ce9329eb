import { defineFeature } from '../../platform/feature';

declare module '../../platform/feature' {
  interface ModalNames {
    'bonus-deposit': true;
  }
}

/** The bonus deposit modal (not built yet): a backdrop click never closes it (spec §2). */
export default defineFeature({
  id: 'cash',
  modals: { 'bonus-deposit': { closesOnBackdrop: false } },
});
