import { describe, expect, it } from 'vitest';
import { homePath, themedUrl, themeVisual, THEMES } from './themes';

describe('theme helpers', () => {
  it('sends lobby links home in themes without a lobby', () => {
    expect(themedUrl('/lobby/', 'tao')).toBe('/');
    expect(themedUrl('/lobby/?x=1', 'funrize')).toBe('/?x=1');
    expect(themedUrl('/lobby/', 'nlc')).toBe('/lobby/');
    expect(themedUrl('/lobby-extra/', 'tao')).toBe('/lobby-extra/');
  });

  it('has a home per visitor and a brand per theme', () => {
    expect(homePath('nlc', true)).toBe('/');
    expect(homePath('nlc', false)).toBe('/lobby/');
    expect(homePath('tao', false)).toBe('/');
    for (const theme of THEMES) expect(themeVisual(theme).brand.length).toBeGreaterThan(1);
  });
});
