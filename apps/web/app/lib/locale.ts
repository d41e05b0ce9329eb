export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
export const LOCALE_COOKIE = 'i18n_redirected';
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * Splits the optional locale prefix off a path (prefix-except-default: English has none).
 * A first segment of exactly two letters that is not a supported locale is `invalid`.
 */
export function localeFromPath(pathname: string): { locale: Locale; prefixed: boolean; invalid: boolean; rest: string } {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  const first = match?.[1];
  if (first && isLocale(first) && first !== DEFAULT_LOCALE) return { locale: first, prefixed: true, invalid: false, rest: match?.[2] ?? '/' };
  if (first === DEFAULT_LOCALE) return { locale: DEFAULT_LOCALE, prefixed: true, invalid: true, rest: match?.[2] ?? '/' };
  return { locale: DEFAULT_LOCALE, prefixed: false, invalid: false, rest: pathname };
}

/** Best supported language of an Accept-Language header (q-weights honoured), else the default. */
export function detectBrowserLocale(acceptLanguage: string | null | undefined): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { lang: tag.trim().toLowerCase().split('-')[0] ?? '', weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const entry of ranked) if (isLocale(entry.lang)) return entry.lang;
  return DEFAULT_LOCALE;
}

/** Prefixes an app path with the locale when it is not the default one. */
export function localizePath(path: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return path;
  if (/^[a-z][a-z\d+.-]*:/i.test(path)) return path;
  return path === '/' ? `/${locale}/` : `/${locale}${path.startsWith('/') ? path : `/${path}`}`;
}

/** Same page in another locale (for the language switcher). */
export function switchLocalePath(pathname: string, target: Locale): string {
  const { rest } = localeFromPath(pathname);
  return localizePath(rest, target);
}
