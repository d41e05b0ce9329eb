import { describe, expect, it } from 'vitest';
import { THEMES, THEME_CAPABILITIES, hasCapability, hasPage, isThemeId, playerHomePath, type ThemeCapability, type ThemeId } from './themes';

describe('theme config', () => {
  it('has the nine themes of the spec', () => {
    expect([...THEMES].sort()).toEqual(['funrize', 'funzCity', 'jackpotRabbit', 'nlc', 'product', 'scarletSands', 'stormrush', 'sws', 'tao']);
    expect(isThemeId('nlc')).toBe(true);
    expect(isThemeId('NLC')).toBe(false);
  });

  it('gives every theme the auth page, a lobby except tao and funrize, registration-complete to nlc and stormrush', () => {
    for (const theme of THEMES) expect(hasPage(theme, 'auth')).toBe(true);
    expect(THEMES.filter((t) => !hasPage(t, 'lobby')).sort()).toEqual(['funrize', 'tao']);
    expect(THEMES.filter((t) => hasPage(t, 'registrationComplete')).sort()).toEqual(['nlc', 'stormrush']);
  });

  it('sets the capability flags exactly as spec §1', () => {
    const expected: Record<ThemeCapability, ThemeId[]> = {
      vipBannerOffer: ['nlc'],
      customSupportChat: ['nlc', 'stormrush'],
      openLink: ['jackpotRabbit'],
      bingoStore: ['funzCity', 'jackpotRabbit', 'sws'],
      questOptimisation: ['funrize', 'sws'],
      lootboxes: ['stormrush', 'tao'],
      userCache: ['funzCity', 'jackpotRabbit', 'nlc', 'stormrush', 'sws'],
    };
    for (const flag of THEME_CAPABILITIES) {
      expect(THEMES.filter((t) => hasCapability(t, flag)).sort(), flag).toEqual([...expected[flag]].sort());
    }
  });

  it('sends players of lobby-less themes to the index page', () => {
    expect(playerHomePath('tao')).toBe('/');
    expect(playerHomePath('funrize')).toBe('/');
    expect(playerHomePath('nlc')).toBe('/lobby/');
    expect(playerHomePath('product')).toBe('/lobby/');
  });
});
