import { defineFeature } from '../../platform/feature';

/** VIP club and rank league (not built yet): a sidebar entry while the rank league is enabled. */
export default defineFeature({
  id: 'vip',
  state: (init) => ({ isActive: init.rankLeague.enabled }),
  pages: [{ path: 'vip' }],
  sidebar: [{ key: 'rankLeague', label: 'sidebar.extra.rankLeague', to: '/vip/', order: 10 }],
});
