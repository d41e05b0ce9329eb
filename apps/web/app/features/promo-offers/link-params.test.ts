import { describe, expect, it } from 'vitest';
import { carriedPromoQuery } from './link-params';

describe('promo link parameters carried through sign-up', () => {
  it('keeps only the promo parameters', () => {
    expect(carriedPromoQuery('?promoOffer=abc-123&game=lucky&invited_by=x')).toBe('?promoOffer=abc-123');
    expect(carriedPromoQuery('?promoOfferSet=lucky-flip')).toBe('?promoOfferSet=lucky-flip');
    expect(carriedPromoQuery('?game=lucky')).toBe('');
    expect(carriedPromoQuery('')).toBe('');
  });
});
