export const PRESET_PACKAGE_COOKIE = 'presetPackageModal';
/** Reminder and cookie: one hour (spec §9). */
export const PRESET_PACKAGE_REMIND_S = 3600;
/**
 * The offer opens 5 s after the page loaded, as the welcome modals are checked (spec §9): never over
 * the page's first paint, so the player sees where they landed before being offered anything.
 */
export const PRESET_PACKAGE_OPEN_AFTER_LOAD_MS = 5000;

/** How long to wait, from now, before the offer may open (`sinceLoadMs`: time since navigation start). */
export function presetPackageDelayMs(sinceLoadMs: number): number {
  return Math.max(0, PRESET_PACKAGE_OPEN_AFTER_LOAD_MS - sinceLoadMs);
}

/**
 * Whether the preset package modal opens now: ACTIVE accounts only, not within an hour of the last
 * time (cookie), not over another modal or the cashbox, and not on the auth and geoblock pages.
 */
export function shouldOpenPresetPackage(input: { accountStatus: string | null; cookie: string | undefined; busy: boolean; path: string }): boolean {
  if (input.accountStatus !== 'ACTIVE') return false;
  if (input.cookie) return false;
  if (input.busy) return false;
  return !/\/(signin|signup|reset|geoblock|register|registration-complete)\/?$/.test(input.path);
}

/** What the choice needs of a package of the available-sets list (promo offers carry their conditions). */
export interface OfferCandidate {
  id: string;
  mostPopular: boolean;
  promoOffer?: boolean;
  imagePopup?: string | null;
  isLimitPerDayReason?: boolean;
  isMinBalanceReason?: boolean;
}

export type PresetOfferChoice<P extends OfferCandidate> = { kind: 'welcome' | 'popup' | 'package'; offer: P } | null;

/**
 * Which offer the preset package modal shows (docs/features/promo-offers.md): the welcome offer (the
 * welcome pack's first step) for a player who has bought nothing; else the first pop-up offer
 * (app init's `popupPresetPackages`: a public preset with a pop-up picture) this player can buy now;
 * else the welcome pack's next step; else the most popular package, else the first.
 */
export function choosePresetOffer<P extends OfferCandidate>(input: { welcome: (P & { step?: number }) | null; packages: readonly P[] | null; popupIds: readonly string[] }): PresetOfferChoice<P> {
  const { welcome, packages } = input;
  if (welcome && (welcome.step ?? 1) === 1) return { kind: 'welcome', offer: welcome };
  const popup = input.popupIds
    .map((id) => packages?.find((p) => p.id === id && p.promoOffer === true && p.imagePopup && !p.isLimitPerDayReason && !p.isMinBalanceReason))
    .find((p) => p !== undefined);
  if (popup) return { kind: 'popup', offer: popup };
  if (welcome) return { kind: 'welcome', offer: welcome };
  const regular = packages?.find((p) => p.mostPopular) ?? packages?.[0];
  return regular ? { kind: 'package', offer: regular } : null;
}
