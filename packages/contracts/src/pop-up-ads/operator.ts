import { z } from 'zod';
import { ZPopUpContent, ZPopUpCtaUrl, ZPopUpImage, ZPopUpTrigger } from './popup-ads';

/** The operator calls of the pop-up ads, under `/api/operator/pop-up-ads/` (docs/features/pop-up-ads.md). */

/** Frequency rules, site-wide. */
export const ZPopUpAdsSettings = z.strictObject({
  /** Ads answered to one player (or guest) per operator day. */
  dailyCap: z.number().int().min(1).max(20),
  /** Minutes between two ads answered to one player (or guest). */
  minGapMinutes: z.number().int().min(0).max(24 * 60),
  /** Hours an ad stays away from a player (or guest) who closed or clicked it. */
  hideAfterCloseHours: z.number().int().min(0).max(24 * 30),
});
export type PopUpAdsSettings = z.infer<typeof ZPopUpAdsSettings>;

export const ZPopUpAudience = z.enum(['guests', 'players', 'everyone']);
/** Players with at least one deposit, without any, or both (guests have none). */
export const ZPopUpDeposits = z.enum(['any', 'with', 'without']);

const ZIsoTime = z.iso.datetime({ offset: true });

/** A campaign ("company" in the spec's fields): who it targets and when it runs. */
export const ZPopUpCampaignInput = z
  .strictObject({
    name: z.string().trim().min(1).max(80),
    /** company_priority: a higher campaign's ads come first. */
    priority: z.number().int().min(0).max(1000),
    active: z.boolean(),
    audience: ZPopUpAudience,
    deposits: ZPopUpDeposits,
    /** The active window; null: open-ended. */
    startsAt: ZIsoTime.nullable(),
    endsAt: ZIsoTime.nullable(),
    /** A preview: when not empty, only these players see the campaign (checked on test accounts before it goes live). */
    testPlayerEmails: z.array(z.email().max(254)).max(20).default([]),
  })
  .refine((c) => c.startsAt === null || c.endsAt === null || Date.parse(c.startsAt) < Date.parse(c.endsAt), { message: 'startsAt must be before endsAt', path: ['endsAt'] });
export type PopUpCampaignInput = z.infer<typeof ZPopUpCampaignInput>;

/** One pop-up of a campaign. */
export const ZPopUpInput = z.strictObject({
  name: z.string().trim().min(1).max(80),
  /** popup_priority: within a campaign, higher first. */
  priority: z.number().int().min(0).max(1000),
  active: z.boolean(),
  /** popup_delay_time, seconds after the trigger. */
  delaySeconds: z.number().int().min(0).max(120),
  triggers: z.array(ZPopUpTrigger).min(1).max(3).refine((t) => new Set(t).size === t.length, 'each trigger once'),
  image: ZPopUpImage,
  ctaUrl: ZPopUpCtaUrl,
  content: ZPopUpContent,
});
export type PopUpInput = z.infer<typeof ZPopUpInput>;

export const ZPopUpView = ZPopUpInput.extend({ id: z.number().int(), campaignId: z.number().int() });
export type PopUpView = z.infer<typeof ZPopUpView>;

export const ZPopUpCampaignView = z.object({
  id: z.number().int(),
  name: z.string(),
  priority: z.number().int(),
  active: z.boolean(),
  audience: ZPopUpAudience,
  deposits: ZPopUpDeposits,
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  testPlayerEmails: z.array(z.string()),
  popups: z.array(ZPopUpView),
});
export type PopUpCampaignView = z.infer<typeof ZPopUpCampaignView>;

/** POST /campaigns/: a campaign with its pop-ups. */
export const ZPopUpCampaignCreate = z.strictObject({ campaign: ZPopUpCampaignInput, popups: z.array(ZPopUpInput).max(20) });

export const ZPopUpCampaignsResponse = z.object({ success: z.literal(true), data: z.object({ campaigns: z.array(ZPopUpCampaignView) }) });
export const ZPopUpCampaignResponse = z.object({ success: z.literal(true), data: z.object({ campaign: ZPopUpCampaignView }) });
export const ZPopUpAdsSettingsResponse = z.object({ success: z.literal(true), data: ZPopUpAdsSettings });

export const ZPopUpLogsQuery = z.strictObject({
  playerId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  popupId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const ZPopUpLogView = z.object({
  id: z.number().int(),
  popupId: z.number().int().nullable(),
  campaignId: z.number().int().nullable(),
  playerId: z.number().int().nullable(),
  isPlayer: z.boolean(),
  trigger: ZPopUpTrigger,
  /** Why nothing was answered (responsible play), or null for an answered ad. */
  suppressed: z.string().nullable(),
  createdAt: z.string(),
  shownAt: z.string().nullable(),
  clickedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
});
export const ZPopUpLogsResponse = z.object({ success: z.literal(true), data: z.object({ logs: z.array(ZPopUpLogView) }) });
