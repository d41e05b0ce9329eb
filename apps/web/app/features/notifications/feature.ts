import { defineFeature } from '../../platform/feature';

declare module '../../platform/feature' {
  interface ModalNames {
    notifications: true;
  }
}

/** Notification centre (not built yet): the header's bell opens its modal. */
export default defineFeature({
  id: 'notifications',
  modals: { notifications: {} },
});
