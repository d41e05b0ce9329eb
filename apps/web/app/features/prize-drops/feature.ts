import { defineFeature } from '../../platform/feature';

/** Prize drops (not built yet): a sidebar entry while app init says they are active. */
export default defineFeature({
  id: 'prize-drops',
  state: (init) => ({ isActive: init.prizeDrops.isActive }),
  pages: [{ path: 'prize-drops' }],
  sidebar: [{ key: 'prizeDrops', label: 'sidebar.extra.prizeDrops', to: '/prize-drops/', order: 50 }],
});
