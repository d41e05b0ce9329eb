import { defineFeature } from '../../platform/feature';

/** Season tower (not built yet): a sidebar entry while active, and openModal values containing seasons. */
export default defineFeature({
  id: 'seasons',
  state: (init) => ({ isActive: init.season.isActive }),
  sidebar: [{ key: 'season', label: 'sidebar.extra.season', order: 30 }],
  deepLinks: [{ params: ['openModal'], matches: (value) => value.includes('seasons') }],
});
