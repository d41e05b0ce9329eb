import { defineFeature } from '../../platform/feature';

declare module '../../platform/feature' {
  interface ModalNames {
    'promo-offer-link': true;
    'flip-the-coin': true;
  }
}

/** The ids of app init's popupPresetPackages (a list of presets; anything else counts as none). */
function popupOfferIds(offers: unknown): string[] {
  if (!Array.isArray(offers)) return [];
  return offers.flatMap((offer: unknown) => (typeof offer === 'object' && offer !== null && typeof (offer as { id?: unknown }).id === 'string' ? [(offer as { id: string }).id] : []));
}

/**
 * Promo offers (docs/features/promo-offers.md): `?promoOffer=<hash>` applies the link after login
 * (2 s, spec §9) and opens the cash widget on its preset; `?promoOfferSet=<set>` flips the coin of a
 * set (its outcome, or the "flip-the-coin used" state). Guests go to sign-up with the query kept, and
 * the link is applied once they are signed in.
 */
export default defineFeature({
  id: 'promo-offers',
  // The pop-up offers (app init's popupPresetPackages) the preset package modal may show (features/cash).
  state: (init) => ({ isActive: true, offerIds: popupOfferIds(init.popupPresetPackages as unknown) }),
  modals: {
    'promo-offer-link': { load: () => import('./ui/promo-offer-link-modal'), closesOnBackdrop: false, described: true },
    'flip-the-coin': { load: () => import('./ui/flip-the-coin-modal'), closesOnBackdrop: false, described: true },
  },
  deepLinks: [
    { params: ['promoOffer'], matches: (value) => /^[A-Za-z0-9_-]{1,64}$/.test(value), modal: 'promo-offer-link', playersOnly: true },
    { params: ['promoOfferSet'], matches: (value) => /^[a-z0-9-]{1,64}$/.test(value), modal: 'flip-the-coin', playersOnly: true },
  ],
  strings: { namespaces: ['promoOffers'] },
});
