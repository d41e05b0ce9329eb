import { data, isRouteErrorResponse, Outlet, redirect, redirectDocument, useLocation, type ShouldRevalidateFunctionArgs } from 'react-router';
import { useTranslation } from '../i18n/use-translation';
import type { Route } from './+types/locale';
import { NotFoundContent } from '../features/shell/not-found';
import { Shell } from '../features/shell/shell';
import { cashRewrite, classifyRedirect, middlewareForPath, mobileAppRewrite, runRouteMiddleware } from '../features/routing/rules';
import { isThemeId, type ThemeId } from '../features/themes/themes';
import { isChunkLoadError, reloadOnce } from '../lib/chunk-reload';
import { localeFromPath, localizePath } from '../lib/locale';
import { metaTitle } from '../lib/meta';
import { registry } from '../platform/registry';
import { fetchRouteRule } from '../lib/route-rule.server';
import { loadNavigationTranslations } from '../lib/root-data.server';
import type { LocaleData } from '../lib/root-data';
import { getSession } from '../lib/session.server';

/**
 * The optional language segment (`/es/...`; English has none). Its loader runs on every navigated
 * path: it validates the language, asks the server for the path's route rule, and runs the route's
 * middleware (sign-in requirements, theme pages, affiliate redirect...).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // The root loader rewrites these; nothing to check here.
  if (mobileAppRewrite(url.pathname, url.search) || cashRewrite(url.pathname)) return { translations: {} };
  const invalidLang = params.lang !== undefined && params.lang !== 'es';
  if (params.lang === 'en') throw redirect(`${url.pathname.slice(3) || '/'}${url.search}`);
  const { locale, rest } = invalidLang ? { locale: 'en' as const, rest: url.pathname } : localeFromPath(url.pathname);
  // The rule comes first: it may redirect a path that matches no page (e.g. /help).
  // A client navigation also brings the target page's translations (i18n/namespaces.ts).
  const [session, rule, pickTranslations] = await Promise.all([getSession(request, context), fetchRouteRule(context, rest), loadNavigationTranslations(request, context)]);
  const target = rule?.absoluteRedirect ?? rule?.redirect;
  if (target) {
    const { external, to } = classifyRedirect(target);
    if (external || rule?.absoluteRedirect) throw redirectDocument(to);
    if (to !== rest) throw redirect(localizePath(to, locale));
  }
  if (invalidLang) throw data({ path: url.pathname }, { status: 404 });
  const init = session.appInit;
  const theme: ThemeId = isThemeId(context.theme) ? context.theme : 'nlc';
  const result = runRouteMiddleware(middlewareForPath(rest, registry), rule?.middlewares, {
    isGuest: session.isGuest,
    isAffiliate: init?.isAffiliate ?? session.neutral?.isAffiliate ?? false,
    theme: themeFromRequest(request, theme),
    registrationComplete: init && !init.isGuest ? init.registration.complete : session.neutral?.registrationComplete,
    pathname: rest,
    search: url.search,
  });
  if (result === null) return { translations: pickTranslations(session.isGuest) } satisfies LocaleData;
  if (typeof result === 'object') throw data({ path: url.pathname }, { status: 404 });
  throw redirect(localizePath(result, locale));
}

/** Outside production the ?theme= override (or its cookie) also applies to the routing rules. */
function themeFromRequest(request: Request, fallback: ThemeId): ThemeId {
  if (process.env.NODE_ENV === 'production') return fallback;
  const asked = new URL(request.url).searchParams.get('theme');
  if (isThemeId(asked)) return asked;
  const cookie = /(?:^|;\s*)sweepstack_theme=([^;]+)/.exec(request.headers.get('cookie') ?? '')?.[1];
  return isThemeId(cookie) ? cookie : fallback;
}

export function shouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname !== nextUrl.pathname || currentUrl.href === nextUrl.href;
}

export default function LocaleRoute() {
  return <Outlet />;
}

/** 404 and other page errors render inside the shell (spec §2: header, sidebar, footer, mobile menu). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
  const { t } = useTranslation();
  if (typeof window !== 'undefined' && isChunkLoadError(error)) reloadOnce(window.location.href);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Shell>
      {notFound ? (
        <NotFoundContent path={(error.data as { path?: string } | null)?.path ?? location.pathname} />
      ) : (
        <section className="mx-auto max-w-xl py-12 text-center" role="alert">
          <h1 className="text-3xl font-extrabold">{t('errorPage.genericTitle')}</h1>
          <p className="mt-3 text-muted">{t('errorPage.genericText')}</p>
        </section>
      )}
    </Shell>
  );
}

export const meta: Route.MetaFunction = ({ error, matches }) => {
  if (error && isRouteErrorResponse(error) && error.status === 404) return metaTitle(matches, 'errorPage.title');
  return matches.find((m) => m?.id === 'root')?.meta ?? [];
};
