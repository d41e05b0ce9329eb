import { defineFeature } from '../../platform/feature';

declare module '../../platform/feature' {
  interface ModalNames {
    notifications: true;
  }
}

/**
 * Notification centre (spec §2 header; docs/rewards.md): the header's bell opens its modal, the list of
 * the player's notices about prizes. The watcher (players only, after load) puts the unread badge on the
 * bell and follows the `rewardNotices` push.
 */
export default defineFeature({
  id: 'notifications',
  // Players only: a guest has no notices (and so no watcher to load).
  state: (init) => ({ isActive: !init.isGuest }),
  modals: { notifications: { load: () => import('./ui/notifications-modal'), described: true } },
  background: { load: () => import('./ui/notifications-watcher') },
  // The badge's words are on every page (the watcher runs on every page); the centre waits for the whole dictionary.
  strings: { namespaces: ['notifications'], shell: ['notifications.badge'] },
});
