import { defineErrors } from '../errors';

/** The pop-up ads' expected failures (docs/features/pop-up-ads.md): nothing is written when one is answered. */
export const POP_UP_ADS_ERRORS = defineErrors({
  POP_UP_ADS_LOG_NOT_FOUND: { status: 404, messageKey: 'errors.popUpAdsLogNotFound', message: 'No pop-up ad was shown with this log id.' },
  POP_UP_ADS_LOG_NOT_YOURS: { status: 403, messageKey: 'errors.popUpAdsLogNotYours', message: 'This pop-up ad was shown to someone else.' },
  POP_UP_ADS_UNKNOWN_ACTION: { status: 400, messageKey: 'errors.popUpAdsUnknownAction', message: 'Unknown pop-up ad action: use shown, clicked or closed.' },
  POP_UP_ADS_ACTION_OUT_OF_ORDER: { status: 409, messageKey: 'errors.popUpAdsActionOutOfOrder', message: 'This pop-up ad action does not follow what was recorded (shown first, then clicked or closed).' },
  POP_UP_ADS_CAMPAIGN_NOT_FOUND: { status: 404, messageKey: 'errors.popUpAdsCampaignNotFound', message: 'No such pop-up ad campaign.' },
  POP_UP_ADS_POPUP_NOT_FOUND: { status: 404, messageKey: 'errors.popUpAdsPopupNotFound', message: 'No such pop-up ad.' },
});

type PopUpAdsErrors = typeof POP_UP_ADS_ERRORS;

declare module '../errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the feature's codes
  interface FeatureErrorCatalogue extends PopUpAdsErrors {}
}
