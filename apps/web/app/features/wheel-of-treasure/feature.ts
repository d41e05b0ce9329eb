import { defineFeature } from '../../platform/feature';

/**
 * Wheel of treasure (not built yet). Spec §2: openModal values containing daily-wheel (the daily
 * wheel's coming-soon state for now) or exactly wheel-of-treasure.
 */
export default defineFeature({
  id: 'wheel-of-treasure',
  pages: [{ path: 'wheel-of-treasure' }],
  deepLinks: [
    { params: ['openModal'], matches: (value) => value.includes('daily-wheel'), comingSoon: 'daily-wheel' },
    { params: ['openModal'], matches: (value) => value === 'wheel-of-treasure' },
  ],
});
