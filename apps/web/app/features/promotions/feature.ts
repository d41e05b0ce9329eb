import { defineFeature } from '../../platform/feature';

/**
 * Promotions (docs/features/promotions.md, spec §2 /promotions, §3 "Promotion"): the page of the
 * player's promotion cards (players only), each leading to its feature; the cards themselves are
 * `ui/cards/<type>.ts`. The promo-offer links belong to features/promo-offers.
 */
export default defineFeature({
  id: 'promotions',
  pages: [{ path: 'promotions', file: 'ui/promotions-page.tsx', middleware: ['signup-required'] }],
  strings: { namespaces: ['promotions'] },
});
