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
