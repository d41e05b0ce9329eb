import { defineFeature } from '../../platform/feature';

declare module '../../platform/feature' {
  interface ModalNames {
    'daily-login': true;
  }
}

/**
 * Daily login prizes (docs/features/daily-login.md, spec §3, §6, §7): the daily login modal (the
 * ladder, today's prize, the next claim's countdown), the openModal=daily-login link, the sidebar
 * entry while the feature is active, and the welcome once per day (checked 5 s after load) that
 * opens the modal when a claim is open.
 */
export default defineFeature({
  id: 'daily-login',
  state: (init) => ({ isActive: init.dailyLogin.isActive }),
  modals: { 'daily-login': { load: () => import('./ui/daily-login-modal'), described: true } },
  deepLinks: [{ params: ['openModal'], matches: (value) => value === 'daily-login', modal: 'daily-login', playersOnly: true }],
  sidebar: [{ key: 'daily-login', label: 'dailyLogin.nav.sidebar', modal: 'daily-login', icon: '/icons/menu/daily-prize.svg', order: 20 }],
  strings: { namespaces: ['dailyLogin'], shell: ['dailyLogin.nav'] },
  welcome: { modal: 'daily-login' },
});
