import { defineFeature } from '../../platform/feature';

/** Promotions and offers (not built yet): the page needs an account, as do promo-offer links. */
export default defineFeature({
  id: 'promotions',
  pages: [{ path: 'promotions', middleware: ['signup-required'] }],
  deepLinks: [{ params: ['promoOffer', 'promoOfferSet'], comingSoon: 'promo-offer', playersOnly: true }],
});
