export const PRESET_PACKAGE_COOKIE = 'presetPackageModal';
/** Reminder and cookie: one hour (spec §9). */
export const PRESET_PACKAGE_REMIND_S = 3600;

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
