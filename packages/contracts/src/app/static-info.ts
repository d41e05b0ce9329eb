import { z } from 'zod';

/**
 * GET /api/rest/static-info/?versionApp=2_28_0&isGuest=true|false[&locale=en|es] — shell content:
 * sidebar and tap-bar menus, footer, social links, rating, captcha, per-feature skin data
 * (spec §3 "Static info" and "Captcha and footer data"). Operator content from the database.
 */

export const LOCALES = ['en', 'es'] as const;
export const ZLocale = z.enum(LOCALES);
export type Locale = z.infer<typeof ZLocale>;

export const ZStaticInfoQuery = z.strictObject({
  /** The app version with dots as underscores, e.g. 2_28_0. */
  versionApp: z.string().max(32).regex(/^\d+(_\d+)*$/, 'must be digits separated by underscores, e.g. 2_28_0'),
  isGuest: z.enum(['true', 'false']),
  locale: ZLocale.optional(),
});
export type StaticInfoQuery = z.input<typeof ZStaticInfoQuery>;

/** One sidebar entry (spec §2 "Shell: sidebar fields"); `id` is our stable key of the item. */
export const ZMenuItem = z.object({
  id: z.string(),
  title: z.string(),
  url: z.string(),
  image: z.string().nullable(),
  image_active: z.string().nullable(),
  subsection_number: z.number().int().nullable(),
  is_new: z.boolean(),
  animation_event: z.string().nullable(),
  is_granted_for_guest: z.boolean(),
  show_player_with_deposits: z.boolean(),
  show_player_without_deposits: z.boolean(),
});
export type MenuItem = z.infer<typeof ZMenuItem>;

/** One entry of the mobile bottom navigation. */
export const ZTapBarItem = z.object({
  id: z.string(),
  title: z.string(),
  url: z.string(),
  image: z.string().nullable(),
});
export type TapBarItem = z.infer<typeof ZTapBarItem>;

export const ZSocialNetwork = z.object({ id: z.string(), url: z.string(), icon: z.string() });
export type SocialNetwork = z.infer<typeof ZSocialNetwork>;

export const ZFooterLink = z.object({ title: z.string(), url: z.string() });
export const ZFooterMenuItem = z.object({ title: z.string(), second_column: z.array(ZFooterLink) });
export type FooterMenuItem = z.infer<typeof ZFooterMenuItem>;

export const ZCaptchaInfo = z.object({
  isEnabled: z.boolean(),
  key: z.string().nullable(),
  url: z.string().nullable(),
});
export type CaptchaInfo = z.infer<typeof ZCaptchaInfo>;

/** Per-feature skin data; a feature that is not built yet has an empty object. */
export const ZFeatInfo = z.object({
  'magic-box': z.record(z.string(), z.unknown()),
  'deposit-streak-skin-info': z.record(z.string(), z.unknown()),
  'mini-game-slot': z.record(z.string(), z.unknown()),
  seasons: z.record(z.string(), z.unknown()),
  'scratch-card': z.record(z.string(), z.unknown()),
});
export type FeatInfo = z.infer<typeof ZFeatInfo>;

export const ZStaticInfoData = z.object({
  featInfo: ZFeatInfo,
  menuInfo: z.object({ menu: z.object({ main: z.array(ZMenuItem) }) }),
  tapBar: z.array(ZTapBarItem),
  socialNetworks: z.array(ZSocialNetwork),
  footer: z.object({ menu: z.array(ZFooterMenuItem) }),
  trustpilot: z.object({ rate: z.number().min(0).max(5) }),
  captcha: ZCaptchaInfo,
});
export type StaticInfoData = z.infer<typeof ZStaticInfoData>;

export const ZStaticInfoResponse = z.object({ success: z.literal(true), data: ZStaticInfoData });
export type StaticInfoResponse = z.infer<typeof ZStaticInfoResponse>;
