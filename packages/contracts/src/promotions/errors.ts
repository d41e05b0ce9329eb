import { defineErrors } from '../errors';

/** Promotions' expected failures (docs/features/promotions.md): nothing is written when one is answered. */
export const PROMOTIONS_ERRORS = defineErrors({
  PROMOTIONS_DUPLICATE_TYPE: { status: 400, messageKey: 'errors.promotionsDuplicateType', message: 'A promotion type is listed twice.' },
});

type PromotionsErrors = typeof PROMOTIONS_ERRORS;

declare module '../errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the feature's codes
  interface FeatureErrorCatalogue extends PromotionsErrors {}
}
