import { defineFeature } from '../../platform/feature';

/** Scratch cards (not built yet). Spec §4: their finish also ends magic boxes. */
export default defineFeature({
  id: 'scratch-cards',
  state: (init) => ({ isActive: init.scratchCardLottery.isActive }),
  pages: [{ path: 'scratch-cards' }],
  finishAlsoEnds: ['magic-boxes'],
});
