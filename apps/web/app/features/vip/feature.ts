import { defineFeature } from '../../platform/feature';

declare module '../../platform/feature' {
  interface ModalNames {
    'vip-club-wheel': true;
    'vip-club-profile': true;
    'vip-club-claim-reward': true;
  }
}

/**
 * The VIP club: the rank league with weekly cashback (docs/features/rank-league.md, spec §2 /vip and
 * the VIP club wheel, profile and claim-reward modals). The server's feature is `rank-league`; this
 * folder keeps the spec's page name. The sidebar entry shows while the league is enabled for the player.
 */
export default defineFeature({
  id: 'vip',
  state: (init) => ({ isActive: init.rankLeague.enabled }),
  pages: [{ path: 'vip', file: 'ui/vip-page.tsx' }],
  modals: {
    'vip-club-wheel': { load: () => import('./ui/wheel-modal'), described: true },
    'vip-club-profile': { load: () => import('./ui/profile-modal'), described: true },
    'vip-club-claim-reward': { load: () => import('./ui/claim-modal'), described: true },
  },
  deepLinks: [{ params: ['openModal'], matches: (value) => value === 'vip-club' || value === 'rank-league', modal: 'vip-club-profile', playersOnly: true }],
  sidebar: [{ key: 'rankLeague', label: 'sidebar.extra.rankLeague', to: '/vip/', icon: '/icons/menu/vip.svg', order: 10 }],
  strings: { namespaces: ['vip'] },
});
