import { defineFeature } from '../../platform/feature';

declare module '../../platform/feature' {
  interface ModalNames {
    'terms-confirmation': true;
  }
}

/**
 * Spec §4: while a signed-in player has unconfirmed terms the interface is frozen by the terms
 * confirmation (opened by app/features/modals/terms-guard.tsx) until they confirm.
 */
export default defineFeature({
  id: 'terms',
  modals: {
    'terms-confirmation': { load: () => import('./ui/terms-confirmation'), dismissable: false, described: true, freezesOthers: true },
  },
  strings: { namespaces: ['terms'] },
});
