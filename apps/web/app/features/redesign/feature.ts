import { defineFeature } from '../../platform/feature';

/** Redesign preview (not built yet). */
export default defineFeature({
  id: 'redesign',
  pages: [{ path: 'redesign' }],
});
