import { defineFeature } from '../../platform/feature';

declare module '../../platform/feature' {
  interface ModalNames {
    'pop-up-ad': true;
  }
}

/**
 * Pop-up ads (docs/features/pop-up-ads.md, spec §3, §4, §7): a watcher on every page asks for an ad
 * when a game or the cash widget closes, or when a session starts after 30 minutes away, and opens the
 * ad's modal after its delay, never during a game or over the cash widget. Guests get it too.
 */
export default defineFeature({
  id: 'pop-up-ads',
  state: (init) => ({ isActive: init.popUpAds.isActive }),
  modals: { 'pop-up-ad': { load: () => import('./ui/pop-up-ad-modal'), described: true } },
  strings: { namespaces: ['popUpAds'] },
  background: { load: () => import('./ui/pop-up-ads-watcher'), guests: true },
});
