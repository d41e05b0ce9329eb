import { describe, expect, it } from 'vitest';
import { presetPackageDelayMs, shouldOpenPresetPackage } from './preset-package-rule';

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
});
