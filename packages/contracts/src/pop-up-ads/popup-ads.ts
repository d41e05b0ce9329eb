import { z } from 'zod';

/**
 * Spec §7 "Pop-up ads": POST /rest/pop-up-ads/guest-popup-ads/ and /rest/pop-up-ads/player-popup-ads/
 * with body {triggerType}; the first element of the answer has companyInfo, contentInfo, logInfo
 * (spec §3 "Pop-up ad": popup_id, popup_name, popup_delay_time, popup_priority, popup_data,
 * company_priority, log_id). `sessionStart` is spec §4's trigger after 30 minutes away.
 */

export const POP_UP_TRIGGERS = ['closeCashbox', 'closeGame', 'sessionStart'] as const;
export const ZPopUpTrigger = z.enum(POP_UP_TRIGGERS);
export type PopUpTrigger = z.infer<typeof ZPopUpTrigger>;

/** Our own art (drawn by the web with the theme's tokens): an ad names one. */
export const POP_UP_IMAGES = ['gift', 'coins', 'ticket', 'trophy'] as const;
export const ZPopUpImage = z.enum(POP_UP_IMAGES);
export type PopUpImage = z.infer<typeof ZPopUpImage>;

/**
 * Where the call to action leads: a page of this site (`/promotions/`) or the cashier (`/#cash`, or
 * a cash route such as `/#cash/deposit`). Never another site.
 */
export const ZPopUpCtaUrl = z
  .string()
  .max(120)
  .regex(/^\/(?:[a-z0-9-]+\/)*(?:#cash(?:\/[a-z0-9-]+)*)?$/, 'a path of this site, optionally followed by #cash');

export const ZPopUpLocaleContent = z.strictObject({
  title: z.string().trim().min(1).max(80),
  text: z.string().trim().min(1).max(300),
  ctaLabel: z.string().trim().min(1).max(40),
});
export type PopUpLocaleContent = z.infer<typeof ZPopUpLocaleContent>;

/** Content per locale: English and Spanish are both required. */
export const ZPopUpContent = z.strictObject({ en: ZPopUpLocaleContent, es: ZPopUpLocaleContent });
export type PopUpContent = z.infer<typeof ZPopUpContent>;

export const ZPopUpAdsRequest = z.strictObject({ triggerType: ZPopUpTrigger });
export type PopUpAdsRequest = z.infer<typeof ZPopUpAdsRequest>;

export const ZPopUpAd = z.object({
  companyInfo: z.object({ company_id: z.number().int(), company_name: z.string(), company_priority: z.number().int() }),
  contentInfo: z.object({
    popup_id: z.number().int(),
    popup_name: z.string(),
    /** Seconds to wait after the trigger before showing it. */
    popup_delay_time: z.number().int(),
    popup_priority: z.number().int(),
    popup_data: z.object({ image: ZPopUpImage, ctaUrl: ZPopUpCtaUrl, content: ZPopUpContent }),
  }),
  logInfo: z.object({ log_id: z.number().int() }),
});
export type PopUpAd = z.infer<typeof ZPopUpAd>;

/** At most one element: the highest-priority eligible ad, or none. */
export const ZPopUpAdsResponse = z.object({ success: z.literal(true), data: z.array(ZPopUpAd).max(1) });
export type PopUpAdsResponse = z.infer<typeof ZPopUpAdsResponse>;

/** Spec §7: POST /rest/pop-up-ads/log-action/ {log_id, action_id, is_player}. */
export const POP_UP_ACTIONS = ['shown', 'clicked', 'closed'] as const;
export type PopUpAction = (typeof POP_UP_ACTIONS)[number];
export const ZPopUpLogActionRequest = z.strictObject({
  log_id: z.number().int().min(1).max(2_147_483_647),
  /** `shown`, `clicked` or `closed`; anything else is POP_UP_ADS_UNKNOWN_ACTION (a stable code, not a schema error). */
  action_id: z.union([z.string().max(40), z.number()]),
  is_player: z.boolean(),
});
export type PopUpLogActionRequest = z.infer<typeof ZPopUpLogActionRequest>;
