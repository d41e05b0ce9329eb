import { defineFeature } from '../../platform/feature';

/** How it works (not built yet): players only. */
export default defineFeature({
  id: 'how-it-works',
  pages: [{ path: 'how-it-works', middleware: ['route-guard'] }],
});
