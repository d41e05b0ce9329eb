import { defineFeature } from '../../platform/feature';

declare module '../../platform/feature' {
  interface ModalNames {
    'reality-check': true;
  }
}

/** The reality-check reminder (docs/responsible-play.md): the player answers it, nothing else closes it. */
export default defineFeature({
  id: 'responsible-play',
  modals: { 'reality-check': { load: () => import('./reality-check-modal'), dismissable: false, described: true } },
});
