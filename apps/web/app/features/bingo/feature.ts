import { defineFeature } from '../../platform/feature';

/** Bingo lottery (not built yet): a sidebar entry while active. */
export default defineFeature({
  id: 'bingo',
  state: (init) => ({ isActive: init.bingo.isActive }),
  sidebar: [{ key: 'bingo', label: 'sidebar.extra.bingo', order: 20 }],
});
