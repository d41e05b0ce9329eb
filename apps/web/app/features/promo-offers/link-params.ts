/** Spec §9: a promo offer link is applied 2 s after the signed-in page loaded. */
export const PROMO_OFFER_APPLY_DELAY_MS = 2000;

const CARRIED = ['promoOffer', 'promoOfferSet'] as const;

/**
 * The promo link parameters of an address (`?promoOffer=…`, `?promoOfferSet=…`) as a query to carry
 * through sign-up or sign-in, so the link is applied once the player is signed in ('' when none).
 */
export function carriedPromoQuery(search: string): string {
  const from = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of CARRIED) {
    const value = from.get(name);
    if (value) kept.set(name, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : '';
}

/** Removes a promo link parameter from the address bar (applied once: a reload does not apply it again). */
export function dropParam(name: (typeof CARRIED)[number]): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(name)) return;
  url.searchParams.delete(name);
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
}
