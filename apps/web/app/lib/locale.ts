import { rankedLanguages } from '@sweepstack/domain/shell/accept-language';

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
  for (const lang of rankedLanguages(acceptLanguage)) if (isLocale(lang)) return lang;
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
