import { hasPage, isThemeId, playerHomePath, THEME_CONFIG, THEMES, type ThemeId } from '@sweepstack/contracts/themes';

export { hasPage, isThemeId, playerHomePath, THEMES, type ThemeId };

/** What the browser chrome needs of a theme besides its CSS variables (app.css). */
export interface ThemeVisual {
  brand: string;
  scheme: 'dark' | 'light';
  themeColor: string;
}

const VISUALS: Record<ThemeId, Omit<ThemeVisual, 'brand'>> = {
  funrize: { scheme: 'dark', themeColor: '#1a0f35' },
  tao: { scheme: 'dark', themeColor: '#0b2422' },
  nlc: { scheme: 'dark', themeColor: '#0a1230' },
  product: { scheme: 'light', themeColor: '#f5f6fa' },
  funzCity: { scheme: 'dark', themeColor: '#120a1f' },
  jackpotRabbit: { scheme: 'light', themeColor: '#fff8ee' },
  sws: { scheme: 'dark', themeColor: '#04202e' },
  scarletSands: { scheme: 'dark', themeColor: '#2a0d0b' },
  stormrush: { scheme: 'dark', themeColor: '#0e1116' },
};

export function themeVisual(id: ThemeId): ThemeVisual {
  return { brand: THEME_CONFIG[id].displayName, ...VISUALS[id] };
}

/** Where the 'return home' buttons lead: `/` for guests, the player home for players. */
export function homePath(theme: ThemeId, isGuest: boolean): string {
  return isGuest ? '/' : playerHomePath(theme);
}

/** Menu links to /lobby/ lead to the player home in themes without a lobby (tao, funrize). */
export function themedUrl(url: string, theme: ThemeId): string {
  return !hasPage(theme, 'lobby') && /^\/lobby\/?(\?|#|$)/.test(url) ? url.replace(/^\/lobby\/?/, '/') : url;
}
