import { defineErrors } from '../errors';

/**
 * The promo offers' expected failures (docs/features/promo-offers.md). The `PROMO_OFFER_*` refusals of
 * a preset are answered by POST /rest/cash/deposit/ (the purchase guard) before any payment row is
 * written, so nothing moves.
 */
export const PROMO_OFFERS_ERRORS = defineErrors({
  PROMO_OFFER_NOT_FOUND: { status: 404, messageKey: 'errors.promoOfferNotFound', message: 'This offer does not exist.' },
  PROMO_OFFER_LINK_UNKNOWN: { status: 404, messageKey: 'errors.promoOfferLinkUnknown', message: 'This offer link is not valid.' },
  PROMO_OFFER_BUNDLE_NOT_FOUND: { status: 404, messageKey: 'errors.promoOfferBundleNotFound', message: 'This offer pack does not exist.' },
  PROMO_OFFER_INACTIVE: { status: 409, messageKey: 'errors.promoOfferInactive', message: 'This offer is not on sale.' },
  PROMO_OFFER_EXPIRED: { status: 409, messageKey: 'errors.promoOfferExpired', message: 'This offer has ended.' },
  PROMO_OFFER_WRONG_DAY: { status: 409, messageKey: 'errors.promoOfferWrongDay', message: 'This offer is not on sale today.' },
  PROMO_OFFER_LINK_REQUIRED: { status: 409, messageKey: 'errors.promoOfferLinkRequired', message: 'This offer is only for players who opened its link.' },
  PROMO_OFFER_FIRST_PURCHASE_ONLY: { status: 409, messageKey: 'errors.promoOfferFirstPurchaseOnly', message: 'This offer is for a first purchase only.' },
  PROMO_OFFER_STEP_BOUGHT: { status: 409, messageKey: 'errors.promoOfferStepBought', message: 'You already bought this step of the pack.' },
  PROMO_OFFER_STEP_LOCKED: { status: 409, messageKey: 'errors.promoOfferStepLocked', message: 'Buy the earlier steps of the pack first.' },
  PROMO_OFFER_DAILY_LIMIT: { status: 409, messageKey: 'errors.promoOfferDailyLimit', message: 'You bought this offer as many times as it allows today.' },
  PROMO_OFFER_BALANCE_TOO_HIGH: { status: 409, messageKey: 'errors.promoOfferBalanceTooHigh', message: 'This offer is for players whose Gold Coin balance is below its minimum.' },
});

type PromoOffersErrors = typeof PROMO_OFFERS_ERRORS;

declare module '../errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the feature's codes
  interface FeatureErrorCatalogue extends PromoOffersErrors {}
}
