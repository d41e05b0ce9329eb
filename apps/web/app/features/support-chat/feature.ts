import { defineFeature } from '../../platform/feature';

/** Support chat (not built yet): the openSupport link (spec §2). */
export default defineFeature({
  id: 'support-chat',
  deepLinks: [{ params: ['openSupport'] }],
});
