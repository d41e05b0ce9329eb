import { hasPage, playerHomePath, type ThemeId } from '../themes/themes';

/** What routing decisions need to know about the visitor. */
export interface VisitorContext {
  isGuest: boolean;
  isAffiliate: boolean;
  theme: ThemeId;
  /** From app init `registration.complete`; undefined for guests. */
  registrationComplete: boolean | undefined;
  /** The path without locale prefix, e.g. `/lobby/`. */
  pathname: string;
  search: string;
}

/** A middleware answers a path to redirect to (without locale prefix), `404`, or null to let through. */
export type MiddlewareResult = string | { status: 404 } | null;
export type RouteMiddleware = (visitor: VisitorContext) => MiddlewareResult;

const keepQuery = (path: string, search: string) => (search && search !== '?' ? `${path}${search.startsWith('?') ? search : `?${search}`}` : path);

/**
 * Named route middleware. The rules of affiliate-redirect and route-guard are not in the spec; ours
 * are written down in docs/web-shell.md.
 */
export const ROUTE_MIDDLEWARE: Readonly<Record<string, RouteMiddleware>> = {
  /** Affiliates belong on their partner account; everyone else on the general affiliate page. */
  'affiliate-redirect': (v) => {
    const onPartners = /^\/affiliates\/partners-account\/?$/.test(v.pathname);
    if (v.isAffiliate && !v.isGuest && !onPartners) return '/affiliates/partners-account/';
    if (!v.isAffiliate && onPartners) return '/affiliates/';
    return null;
  },
  /** Signed-in players only; guests are asked to sign in. */
  'route-guard': (v) => (v.isGuest ? '/signin/' : null),
  /** Tournaments, search and promotions need an account: guests go to sign-up. */
  'signup-required': (v) => (v.isGuest ? '/signup/' : null),
  /** Player pages (account, ...): guests go to sign-in. */
  'player-only': (v) => (v.isGuest ? '/signin/' : null),
  /** Sign-in, sign-up and reset are for guests; players go to their home. */
  'guest-only': (v) => (v.isGuest ? null : playerHomePath(v.theme)),
  /** /register: guests to /signup/ (query kept), players to their home. */
  register: (v) => (v.isGuest ? keepQuery('/signup/', v.search) : playerHomePath(v.theme)),
  /** The lobby exists only in themes with one and only for players. */
  lobby: (v) => {
    if (!hasPage(v.theme, 'lobby')) return { status: 404 };
    return v.isGuest ? '/' : null;
  },
  /** The guest home sends players of lobby themes to the lobby. */
  'guest-home': (v) => (!v.isGuest && playerHomePath(v.theme) === '/lobby/' ? '/lobby/' : null),
  /** Only players with incomplete registration, only in themes with that page. */
  'registration-complete': (v) => {
    if (!hasPage(v.theme, 'registrationComplete')) return { status: 404 };
    if (v.isGuest) return '/signin/';
    return v.registrationComplete === false ? null : playerHomePath(v.theme);
  },
};

/**
 * Middleware each core route runs by default, matched on the path without locale prefix. A feature's
 * pages declare theirs in its feature.ts (`pages[].middleware`).
 */
const ROUTE_TABLE: readonly [RegExp, readonly string[]][] = [
  [/^\/$/, ['guest-home']],
  [/^\/lobby\/?$/, ['lobby']],
  [/^\/(signin|signup|reset)\/?$/, ['guest-only']],
  [/^\/register\/?$/, ['register']],
  [/^\/registration-complete\/?$/, ['registration-complete']],
  [/^\/account(\/.*)?$/, ['player-only']],
];

/** Where a feature page's declared middleware comes from (app/platform/registry.ts on the server). */
export interface FeaturePageMiddleware {
  middlewareForPath(pathname: string): string[] | undefined;
}

export function middlewareForPath(pathname: string, features?: FeaturePageMiddleware): string[] {
  for (const [pattern, names] of ROUTE_TABLE) if (pattern.test(pathname)) return [...names];
  return features?.middlewareForPath(pathname) ?? [];
}

/**
 * Runs the route's middleware after applying the rule's toggles. An unknown middleware name (in the
 * defaults or the toggles) throws 'Unknown route middleware'.
 */
export function runRouteMiddleware(defaults: readonly string[], toggles: Record<string, boolean> | undefined, visitor: VisitorContext): MiddlewareResult {
  const names = new Set(defaults);
  for (const [name, on] of Object.entries(toggles ?? {})) {
    if (on) names.add(name);
    else names.delete(name);
    if (!(name in ROUTE_MIDDLEWARE)) throw new Error(`Unknown route middleware: ${name}`);
  }
  for (const name of names) {
    const middleware = ROUTE_MIDDLEWARE[name];
    if (!middleware) throw new Error(`Unknown route middleware: ${name}`);
    const result = middleware(visitor);
    if (result !== null) return result;
  }
  return null;
}

/** Where a rule's redirect goes: absolute URLs are a full page navigation. */
export function classifyRedirect(target: string): { external: boolean; to: string } {
  return { external: /^[a-z][a-z\d+.-]*:\/\//i.test(target) || target.startsWith('//'), to: target };
}

/** `/mobile-app/x?a=1` → `/x?a=1&webview=true` (history entry replaced); null when not a mobile-app path. */
export function mobileAppRewrite(pathname: string, search: string): string | null {
  const match = /^\/mobile-app(\/.*)?$/.exec(pathname);
  if (!match) return null;
  const params = new URLSearchParams(search);
  params.set('webview', 'true');
  return `${match[1] ?? '/'}?${params.toString()}`;
}

/** A path containing /cash/ (not the hash form) becomes the cashbox hash route: `/cash/x/` → `/#/cash/x/`. */
export function cashRewrite(pathname: string, search = ''): string | null {
  const index = pathname.indexOf('/cash/');
  if (index < 0) return null;
  const before = pathname.slice(0, index);
  const prefix = /^\/[a-z]{2}$/.test(before) ? `${before}/` : '/';
  return `${prefix}${search}#${pathname.slice(index)}`;
}

/** `?aa=…` → the same path without aa and with autologin=true; null without aa. */
export function autologinRewrite(pathname: string, search: string): string | null {
  const params = new URLSearchParams(search);
  if (!params.has('aa')) return null;
  params.delete('aa');
  params.set('autologin', 'true');
  return `${pathname}?${params.toString()}`;
}

export const SIGNUP_REDIRECT_DELAY_MS = 1200;

/** Guests arriving with a referral code are sent to sign-up (after 1.2 s). */
export function referralCode(search: string): string | null {
  const params = new URLSearchParams(search);
  return params.get('invited_by') || params.get('refcode') || null;
}
