/**
 * The one typed theme configuration of the product (spec §1): the nine white-label themes, the
 * pages each one has and its capability flags. The server validates THEME against THEMES and the
 * web app asks `hasPage` / `hasCapability` instead of comparing theme names.
 */
export const THEMES = ['funrize', 'tao', 'nlc', 'product', 'funzCity', 'jackpotRabbit', 'sws', 'scarletSands', 'stormrush'] as const;
export type ThemeId = (typeof THEMES)[number];

export const THEME_PAGES = ['auth', 'lobby', 'registrationComplete'] as const;
export type ThemePage = (typeof THEME_PAGES)[number];

export const THEME_CAPABILITIES = [
  'vipBannerOffer',
  'customSupportChat',
  'openLink',
  'bingoStore',
  'questOptimisation',
  'lootboxes',
  'userCache',
] as const;
export type ThemeCapability = (typeof THEME_CAPABILITIES)[number];

export interface ThemeConfig {
  id: ThemeId;
  displayName: string;
  pages: Readonly<Record<ThemePage, boolean>>;
  capabilities: Readonly<Record<ThemeCapability, boolean>>;
}

const PAGE_THEMES: Record<ThemePage, readonly ThemeId[]> = {
  auth: THEMES,
  lobby: THEMES.filter((t) => t !== 'tao' && t !== 'funrize'),
  registrationComplete: ['nlc', 'stormrush'],
};

const CAPABILITY_THEMES: Record<ThemeCapability, readonly ThemeId[]> = {
  vipBannerOffer: ['nlc'],
  customSupportChat: ['nlc', 'stormrush'],
  openLink: ['jackpotRabbit'],
  bingoStore: ['funzCity', 'jackpotRabbit', 'sws'],
  questOptimisation: ['funrize', 'sws'],
  lootboxes: ['stormrush', 'tao'],
  userCache: ['nlc', 'funzCity', 'stormrush', 'sws', 'jackpotRabbit'],
};

const DISPLAY_NAMES: Record<ThemeId, string> = {
  funrize: 'Funrize',
  tao: 'Tao',
  nlc: 'NLC',
  product: 'Sweepstack',
  funzCity: 'FunzCity',
  jackpotRabbit: 'Jackpot Rabbit',
  sws: 'SWS',
  scarletSands: 'Scarlet Sands',
  stormrush: 'Stormrush',
};

function buildConfig(id: ThemeId): ThemeConfig {
  const pages = Object.fromEntries(THEME_PAGES.map((page) => [page, PAGE_THEMES[page].includes(id)])) as Record<ThemePage, boolean>;
  const capabilities = Object.fromEntries(THEME_CAPABILITIES.map((flag) => [flag, CAPABILITY_THEMES[flag].includes(id)])) as Record<ThemeCapability, boolean>;
  return Object.freeze({ id, displayName: DISPLAY_NAMES[id], pages: Object.freeze(pages), capabilities: Object.freeze(capabilities) });
}

export const THEME_CONFIG: Readonly<Record<ThemeId, ThemeConfig>> = Object.freeze(
  Object.fromEntries(THEMES.map((id) => [id, buildConfig(id)])) as Record<ThemeId, ThemeConfig>,
);

export function isThemeId(value: unknown): value is ThemeId {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

/** True when the theme ships this page (spec §1, per-theme page availability). */
export function hasPage(theme: ThemeId, page: ThemePage): boolean {
  return THEME_CONFIG[theme].pages[page];
}

/** True when the theme has this capability flag (spec §1, per-theme capability flags). */
export function hasCapability(theme: ThemeId, flag: ThemeCapability): boolean {
  return THEME_CONFIG[theme].capabilities[flag];
}

/** Where a signed-in player lands: the lobby, or the index page for themes without a lobby. */
export function playerHomePath(theme: ThemeId): '/lobby/' | '/' {
  return hasPage(theme, 'lobby') ? '/lobby/' : '/';
}
