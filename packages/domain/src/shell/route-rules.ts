/**
 * Matching a navigated path against the operator's route rules (docs/route-rules.md). Patterns are
 * `/how-to-play` (that path, with or without a trailing slash) or `/affiliates/*` (that path and
 * everything under it). The locale prefix (`/es`) is ignored for matching and put back on a site
 * redirect. An exact pattern beats a prefix pattern; among prefixes the longest wins.
 */

export interface RouteRuleDefinition {
  pattern: string;
  redirect: string | null;
  absoluteRedirect: string | null;
  middlewares: Readonly<Record<string, boolean>>;
}

export interface MatchedRouteRule {
  redirect?: string;
  absoluteRedirect?: string;
  middlewares: Record<string, boolean>;
}

const NON_DEFAULT_LOCALES = ['es'];

/** Splits `/es/how-to-play/?x=1#y` into the locale prefix and the bare path `/how-to-play`. */
export function normalizeRoutePath(rawPath: string): { localePrefix: string; path: string } {
  let path = rawPath.split(/[?#]/, 1)[0] ?? '/';
  let localePrefix = '';
  for (const locale of NON_DEFAULT_LOCALES) {
    if (path === `/${locale}` || path.startsWith(`/${locale}/`)) {
      localePrefix = `/${locale}`;
      path = path.slice(localePrefix.length) || '/';
    }
  }
  path = path.replace(/\/{2,}/g, '/');
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return { localePrefix, path };
}

function patternBase(pattern: string): { base: string; prefix: boolean } {
  const prefix = pattern.endsWith('/*');
  let base = prefix ? pattern.slice(0, -2) || '/' : pattern;
  if (base.length > 1 && base.endsWith('/')) base = base.slice(0, -1);
  return { base, prefix };
}

/** The rule that applies to a navigated path, or null when none does. */
export function matchRouteRule(rules: readonly RouteRuleDefinition[], rawPath: string): MatchedRouteRule | null {
  const { localePrefix, path } = normalizeRoutePath(rawPath);
  let best: { rule: RouteRuleDefinition; score: number } | undefined;
  for (const rule of rules) {
    const { base, prefix } = patternBase(rule.pattern);
    let score = -1;
    if (!prefix && path === base) score = Number.MAX_SAFE_INTEGER;
    else if (prefix && (path === base || base === '/' || path.startsWith(`${base}/`))) score = base.length;
    if (score >= 0 && (!best || score > best.score)) best = { rule, score };
  }
  if (!best) return null;
  const { rule } = best;
  return {
    ...(rule.redirect ? { redirect: localePrefix + rule.redirect } : {}),
    ...(rule.absoluteRedirect ? { absoluteRedirect: rule.absoluteRedirect } : {}),
    middlewares: { ...rule.middlewares },
  };
}
