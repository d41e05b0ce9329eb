import { describe, expect, it } from 'vitest';
import { choosePresetOffer, presetPackageDelayMs, shouldOpenPresetPackage } from './preset-package-rule';

describe('preset package modal rule', () => {
  const base = { accountStatus: 'ACTIVE', cookie: undefined, busy: false, path: '/lobby/' };
  it('opens for ACTIVE accounts without the cookie', () => {
    expect(shouldOpenPresetPackage(base)).toBe(true);
  });
  it('waits an hour (cookie), skips other statuses, busy screens and auth pages', () => {
    expect(shouldOpenPresetPackage({ ...base, cookie: '1' })).toBe(false);
    expect(shouldOpenPresetPackage({ ...base, accountStatus: 'SELF_EXCLUDED' })).toBe(false);
    expect(shouldOpenPresetPackage({ ...base, accountStatus: null })).toBe(false);
    expect(shouldOpenPresetPackage({ ...base, busy: true })).toBe(false);
    expect(shouldOpenPresetPackage({ ...base, path: '/es/signin/' })).toBe(false);
  });
  it('opens 5 s after the page loaded, at once when that time has passed', () => {
    expect(presetPackageDelayMs(0)).toBe(5000);
    expect(presetPackageDelayMs(2000)).toBe(3000);
    expect(presetPackageDelayMs(5000)).toBe(0);
    expect(presetPackageDelayMs(60_000)).toBe(0);
  });
  it('chooses the welcome offer, then a buyable pop-up offer, then the next pack step, then the most popular package', () => {
    const regular = { id: 'gc-10k', mostPopular: false };
    const popular = { id: 'gc-50k', mostPopular: true };
    const deal = { id: 'daily-deal', mostPopular: false, promoOffer: true, imagePopup: '/images/promo-offers/daily-deal.svg' };
    const step1 = { id: 'welcome-1', mostPopular: false, promoOffer: true, step: 1 };
    const step2 = { id: 'welcome-2', mostPopular: false, promoOffer: true, step: 2 };
    const packages = [deal, regular, popular];
    expect(choosePresetOffer({ welcome: step1, packages, popupIds: ['daily-deal'] })).toEqual({ kind: 'welcome', offer: step1 });
    expect(choosePresetOffer({ welcome: step2, packages, popupIds: ['daily-deal'] })).toEqual({ kind: 'popup', offer: deal });
    expect(choosePresetOffer({ welcome: null, packages, popupIds: ['daily-deal'] })).toEqual({ kind: 'popup', offer: deal });
    // Held back for this player today (its daily limit, or the balance rule): not offered.
    expect(choosePresetOffer({ welcome: step2, packages: [{ ...deal, isLimitPerDayReason: true }, popular], popupIds: ['daily-deal'] })).toEqual({ kind: 'welcome', offer: step2 });
    expect(choosePresetOffer({ welcome: null, packages: [{ ...deal, isMinBalanceReason: true }, popular], popupIds: ['daily-deal'] })).toEqual({ kind: 'package', offer: popular });
    // Not in this player's list (another day, link only), or not a pop-up offer of app init.
    expect(choosePresetOffer({ welcome: null, packages: [regular, popular], popupIds: ['daily-deal'] })).toEqual({ kind: 'package', offer: popular });
    expect(choosePresetOffer({ welcome: null, packages, popupIds: [] })).toEqual({ kind: 'package', offer: popular });
    expect(choosePresetOffer({ welcome: null, packages: [regular], popupIds: [] })).toEqual({ kind: 'package', offer: regular });
    expect(choosePresetOffer({ welcome: null, packages: null, popupIds: ['daily-deal'] })).toBeNull();
  });
});
