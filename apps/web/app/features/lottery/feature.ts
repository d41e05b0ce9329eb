import { defineFeature } from '../../platform/feature';

/** Lottery (not built yet). */
export default defineFeature({
  id: 'lottery',
  pages: [{ path: 'lottery' }],
});
