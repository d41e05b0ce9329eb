import { ZBuildLatest } from '@sweepstack/contracts/app/builds';
import { ZStaticInfoResponse } from '@sweepstack/contracts/app/static-info';
import { ZTranslationDictionary, type TranslationDictionary } from '@sweepstack/contracts/app/translations';
import type { AppInitData } from '@sweepstack/contracts/app/app-init';
import { data, redirect, redirectDocument } from 'react-router';
import { CONSENT_ENABLED_COOKIE, CONSENT_GIVEN_COOKIE, isConsentGiven, parseEnabledIds } from '../features/cookie-consent/consent';
import { bundledDictionary } from '../i18n/bundled-dictionaries';
import { keptDocumentTranslations, navigationTranslations } from '../i18n/namespaces';
import { autologinRewrite, cashRewrite, mobileAppRewrite } from '../features/routing/rules';
import { THEME_FONT_FILES } from '../features/themes/theme-fonts.server';
import { isThemeId, type ThemeId } from '../features/themes/themes';
import { DAYS_365_S, parseCookies, serializeCookie } from './cookies';
import type { WebLoadContext } from './load-context';
import { detectBrowserLocale, localeFromPath, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S, type Locale } from './locale';
import { registry } from '../platform/registry';
import type { FeatureState } from '../platform/feature';
import type { FeatureNavItem, PlayerView, RootData, ShellData } from './root-data';
import { getSession, isDocumentRequest } from './session.server';
import { neutralPlayerView } from './player-page.server';

export const APP_VERSION = '2.28.0';
const THEME_COOKIE = 'sweepstack_theme';
const EMPTY_SHELL: ShellData = { menu: [], tapBar: [], footerMenu: [], socialNetworks: [], rating: null, captcha: null };

const isProduction = () => process.env.NODE_ENV === 'production';

/** The features' entries visible in these states, as plain data (no visibility rules reach the browser). */
function navItems(kind: 'sidebar' | 'tapBar', states: Record<string, FeatureState>): FeatureNavItem[] {
  return registry.navEntries(kind, states).map(({ key, label, feature, to, modal, icon }) => {
    const availableAtMs = states[feature]?.availableAtMs;
    return { key, label, feature, ...(to ? { to } : {}), ...(modal ? { modal } : {}), ...(icon ? { icon } : {}), ...(availableAtMs !== undefined ? { availableAtMs } : {}) };
  });
}

/** The slice of a player's app init the browser gets (null for a guest). */
export function playerView(init: AppInitData | null): PlayerView | null {
  if (!init || init.isGuest) return null;
  const features = registry.featureStates(init);
  return {
    uuid: init.uuid,
    accountStatus: init.accountStatus,
    login: init.login,
    email: init.email,
    hasPlayed: init.lastGames.length > 0,
    isAffiliate: init.isAffiliate,
    emailConfirmed: init.emailConfirmed,
    gameMode: init.gameMode,
    hasDeposits: init.hasDeposits,
    registrationComplete: init.registration.complete,
    balance: init.playerInfo ? { tourPoints: init.playerInfo.playerBalance.tourPoints, entries: init.playerInfo.playerBalance.entries } : null,
    hasUnconfirmedTerms: init.termsRequirement.length > 0,
    // Inactive features without a finish time are left out (the browser reads a missing one as inactive).
    features: Object.fromEntries(Object.entries(features).filter(([, state]) => state.isActive || state.finishesAtMs != null)),
    nav: { sidebar: navItems('sidebar', features), tapBar: navItems('tapBar', features) },
  };
}

/** A guest's active features (the guest app init answers their flags too). */
function guestFeatures(init: AppInitData | null): Record<string, FeatureState> {
  if (!init) return {};
  return Object.fromEntries(Object.entries(registry.featureStates(init)).filter(([, state]) => state.isActive));
}

/** Parsed answers kept per path with their ETag and the content version they were read under (a handful of paths: the dictionary and static info per locale and visitor kind, the build id). */
const revalidated = new Map<string, { etag: string | null; version: object | null; value: unknown }>();
const REVALIDATED_PATHS_MAX = 32;

/**
 * An answer that changes only with the operator's content and the server's settings (the dictionary,
 * the shell's static info, the build id), parsed and checked once. While the content version is the
 * same object (`context.contentVersion()`, the server's content snapshot) it is reused without a
 * call; after a change it is asked again with its ETag, and a 304 reuses what was parsed. The whole
 * dictionary was parsed and checked against its schema for every page (docs/page-serving.md).
 */
async function fetchRevalidated<T>(context: WebLoadContext, path: string, parse: (body: unknown) => T | null, key = path): Promise<T | null> {
  const kept = revalidated.get(key);
  try {
    // Read before the call: what the call answers is never older than the version it is kept under.
    const version = await context.contentVersion();
    if (kept && kept.version === version) return kept.value as T;
    const response = await context.api(path, kept?.etag ? { headers: { 'if-none-match': kept.etag } } : undefined);
    if (response.status === 304 && kept) {
      kept.version = version;
      return kept.value as T;
    }
    if (!response.ok) return null;
    const value = parse(await response.json().catch(() => undefined));
    if (value !== null && (revalidated.has(key) || revalidated.size < REVALIDATED_PATHS_MAX)) revalidated.set(key, { etag: response.headers.get('etag'), version, value });
    return value;
  } catch (error) {
    console.error(`[${context.requestId}] ${path} failed`, error instanceof Error ? error.message : error);
    return null;
  }
}

async function loadShell(context: WebLoadContext, isGuest: boolean, locale: Locale): Promise<ShellData> {
  const info = await fetchRevalidated(context, `/api/rest/static-info/?versionApp=${APP_VERSION.replaceAll('.', '_')}&isGuest=${isGuest}&locale=${locale}`, (body) => {
    const parsed = ZStaticInfoResponse.safeParse(body);
    return parsed.success ? parsed.data.data : null;
  });
  if (!info) return EMPTY_SHELL;
  return {
    menu: info.menuInfo.menu.main,
    tapBar: info.tapBar,
    footerMenu: info.footer.menu,
    socialNetworks: info.socialNetworks,
    rating: info.trustpilot.rate,
    captcha: info.captcha,
  };
}

/**
 * Spec §8: when the dictionary fails to load or is empty the page says 'Translations not available'.
 * The whole dictionary: callers embed only the page's slice of it (i18n/namespaces.ts).
 */
export async function loadTranslations(context: WebLoadContext, locale: Locale): Promise<{ ok: boolean; dictionary: TranslationDictionary }> {
  const dictionary = await fetchRevalidated(context, `/api/rest/translations/${locale}`, (body) => {
    const parsed = ZTranslationDictionary.safeParse(body);
    return parsed.success && Object.keys(parsed.data).length > 0 ? parsed.data : null;
  });
  return dictionary ? { ok: true, dictionary } : { ok: false, dictionary: englishFallback() };
}

let english: TranslationDictionary | undefined;
/** The bundled English dictionary (spec §8: shown when the translations API fails). */
function englishFallback(): TranslationDictionary {
  english ??= bundledDictionary('en');
  return english;
}

/** The id of the build this server runs (polled by the browser to notice a release); kept per content version like the shell. */
async function loadBuildId(context: WebLoadContext): Promise<string | null> {
  return fetchRevalidated(
    context,
    `/builds/latest.json?t=${Date.now()}`,
    (body) => {
      const parsed = ZBuildLatest.safeParse(body);
      return parsed.success ? parsed.data.id : null;
    },
    '/builds/latest.json',
  );
}

function resolveTheme(url: URL, cookies: Record<string, string>, context: WebLoadContext, setCookies: string[]): ThemeId {
  const fallback: ThemeId = isThemeId(context.theme) ? context.theme : 'nlc';
  if (isProduction()) return fallback;
  // Outside production ?theme= switches the theme (and remembers it in a cookie for later pages).
  const asked = url.searchParams.get('theme');
  if (asked !== null) {
    if (isThemeId(asked)) {
      setCookies.push(serializeCookie(THEME_COOKIE, asked, { maxAgeS: 24 * 60 * 60 }));
      return asked;
    }
    if (asked === '' || asked === 'default') setCookies.push(serializeCookie(THEME_COOKIE, '', { maxAgeS: 0 }));
    return fallback;
  }
  const remembered = cookies[THEME_COOKIE];
  return isThemeId(remembered) ? remembered : fallback;
}

const LOGIN_LINK_NOTICE_COOKIE = 'login_link_notice';
const LOGIN_LINK_NOTICE_MAX_AGE_S = 60;

/** The notice an aa link left for this page (an error key), read once: the cookie is cleared. */
function loginLinkNotice(value: string | undefined, setCookies: string[]): string | null {
  if (value === undefined) return null;
  setCookies.push(serializeCookie(LOGIN_LINK_NOTICE_COOKIE, '', { maxAgeS: 0 }));
  return /^[A-Za-z]{1,64}$/.test(value) ? value : null;
}

/** Everything the root route needs: rewrites, locale, theme, handshake, app init, shell data, dictionary. */
export async function loadRoot(request: Request, context: WebLoadContext) {
  const url = new URL(request.url);
  const mobile = mobileAppRewrite(url.pathname, url.search);
  if (mobile) throw redirect(mobile);
  const cash = cashRewrite(url.pathname, url.search);
  if (cash) throw redirect(cash);

  const cookies = parseCookies(request.headers.get('cookie'));
  const setCookies: string[] = [];
  const { locale, prefixed } = localeFromPath(url.pathname);
  if (!prefixed && isDocumentRequest(request)) {
    // First visit: the browser language decides, remembered for 365 days; the root path follows it.
    const remembered = cookies[LOCALE_COOKIE];
    const preferred = remembered === 'en' || remembered === 'es' ? remembered : detectBrowserLocale(request.headers.get('accept-language'));
    if (!remembered) setCookies.push(serializeCookie(LOCALE_COOKIE, preferred, { maxAgeS: LOCALE_COOKIE_MAX_AGE_S }));
    if (preferred === 'es' && url.pathname === '/') throw redirect(`/es/${url.search}`, { headers: cookieHeaders(setCookies) });
  }

  const theme = resolveTheme(url, cookies, context, setCookies);
  const session = await getSession(request, context);
  setCookies.push(...session.setCookies);
  // Referral codes from links are kept for 365 days (spec §3, cookies); set after the handshake's
  // cookies so that this lifetime is the one the browser keeps.
  for (const name of ['invited_by', 'refcode'] as const) {
    const value = url.searchParams.get(name);
    if (value && /^[\w-]{1,64}$/.test(value)) setCookies.push(serializeCookie(name, value, { maxAgeS: DAYS_365_S }));
  }
  if (session.handshake?.redirectUrl) throw redirectDocument(session.handshake.redirectUrl, { headers: cookieHeaders(setCookies) });
  // A valid aa link was redirected by the handshake (above). An invalid or expired one (or a failed
  // handshake) leaves for the same address without aa as well (spec §2), and the reason to show there
  // travels in a one-minute cookie that the next page reads once.
  const autologin = isDocumentRequest(request) ? autologinRewrite(url.pathname, url.search) : null;
  if (autologin) {
    const notice = session.handshake?.toast;
    if (notice) setCookies.push(serializeCookie(LOGIN_LINK_NOTICE_COOKIE, notice, { maxAgeS: LOGIN_LINK_NOTICE_MAX_AGE_S, secure: url.protocol === 'https:' }));
    throw redirectDocument(autologin, { headers: cookieHeaders(setCookies) });
  }
  const notice = isDocumentRequest(request) ? loginLinkNotice(cookies[LOGIN_LINK_NOTICE_COOKIE], setCookies) : null;

  const [shell, translations, buildId] = await Promise.all([loadShell(context, session.isGuest, locale), loadTranslations(context, locale), loadBuildId(context)]);
  // The lobby's neutral render (the page cache, docs/page-serving.md "Session 11") knows only the key's fields.
  const player = session.neutral ? neutralPlayerView(session.neutral) : session.isGuest ? null : playerView(session.appInit);
  const rootData: RootData = {
    locale,
    theme,
    // Only what this page renders: the shell and the page's own namespaces (the rest loads on demand).
    translations: keptDocumentTranslations(translations.dictionary, localeFromPath(url.pathname).rest, {
      isGuest: session.isGuest || player === null,
      consentGiven: isConsentGiven(cookies[CONSENT_GIVEN_COOKIE]),
    }),
    translationsOk: translations.ok,
    featureNamespaces: [...registry.pageNamespaces],
    isGuest: session.isGuest || player === null,
    player,
    ...(player === null ? { guestFeatures: guestFeatures(session.appInit) } : {}),
    shell,
    consent: { given: isConsentGiven(cookies[CONSENT_GIVEN_COOKIE]), enabled: parseEnabledIds(cookies[CONSENT_ENABLED_COOKIE]) },
    buildId,
    crashReporting: Boolean(process.env.SENTRY_DSN),
    handshakeToast: session.handshake?.toast ?? notice,
    ...(session.neutral ? { neutral: true as const } : {}),
  };
  const headers = cookieHeaders(setCookies);
  // The theme's typefaces load beside the stylesheet, not after it (a preload in the response's
  // headers: no bytes of HTML or JavaScript): there at first paint, so no text moves when they swap in.
  for (const file of THEME_FONT_FILES[theme]) headers.append('link', `<${file}>; rel=preload; as=font; type="font/woff2"; crossorigin`);
  return data(rootData, { headers });
}

function cookieHeaders(setCookies: string[]): Headers {
  const headers = new Headers();
  for (const cookie of setCookies) headers.append('set-cookie', cookie);
  return headers;
}

/**
 * The target page's namespaces for a client navigation (the document embedded the shell already).
 * Document requests get an empty slice: the root loader embeds the page's namespaces itself.
 * Returns a picker to call once the session is known (the fetch runs alongside the other reads).
 */
export async function loadNavigationTranslations(request: Request, context: WebLoadContext): Promise<(isGuest: boolean) => TranslationDictionary> {
  if (isDocumentRequest(request)) return () => ({});
  const { locale, rest } = localeFromPath(new URL(request.url).pathname);
  const { dictionary } = await loadTranslations(context, locale);
  return (isGuest) => navigationTranslations(dictionary, rest, { isGuest });
}
