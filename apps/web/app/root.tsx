import { useEffect, useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';
import { GlobalUi } from './features/shell/global-ui';
import { isChunkLoadError, reloadOnce } from './lib/chunk-reload';
import { themeVisual } from './features/themes/themes';
import { addTranslations, createI18n, prefetchFullDictionaryWhenIdle } from './i18n/i18n';
import { metaTitle } from './lib/meta';
import { loadRoot } from './lib/root-data.server';
import { useOptionalRootData, type LocaleData, type RootData } from './lib/root-data';

const FAVICON = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="14" fill="#f5b82e"/><text x="16" y="22" text-anchor="middle" font-size="16" font-weight="800" font-family="sans-serif" fill="#1d1300">S</text></svg>')}`;

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: FAVICON, type: 'image/svg+xml' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadRoot(request, context);
}

/** Set-Cookie of the handshake, locale and referral cookies reach the browser. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/** Session data reloads on a language change or an explicit revalidation (after a balance switch). */
export function shouldRevalidate({ currentParams, nextParams, currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentParams.lang !== nextParams.lang) return true;
  return currentUrl.href === nextUrl.href ? defaultShouldRevalidate : false;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useOptionalRootData();
  const theme = root?.theme ?? 'nlc';
  const visual = themeVisual(theme);
  return (
    <html lang={root?.locale ?? 'en'} data-theme={theme} style={{ colorScheme: visual.scheme }}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={visual.themeColor} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * The page's dictionary: the document's slice (root data) plus, after client navigations, the target
 * page's slice (language route data). The rest of the dictionary loads when the page is idle.
 */
function useI18n(root: RootData, prefetchRest: boolean) {
  const instance = useMemo(() => createI18n(root.locale, root.translations, root.featureNamespaces), [root.locale, root.translations, root.featureNamespaces]);
  const pageTranslations = (useMatches().find((match) => match.id === 'routes/locale')?.loaderData as LocaleData | null | undefined)?.translations;
  // Merged while rendering, before the new page's components read it (adding is idempotent).
  useMemo(() => {
    if (pageTranslations) addTranslations(instance, root.locale, pageTranslations);
  }, [instance, root.locale, pageTranslations]);
  useEffect(() => (prefetchRest ? prefetchFullDictionaryWhenIdle() : undefined), [instance, prefetchRest]);
  return instance;
}

/**
 * Marks the document once React has hydrated it (`<html data-hydrated>`): the page paints before its
 * scripts run (docs/web-shell.md, "First paint"), and browser tests wait for this before they click.
 */
function useHydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
}

export default function App({ loaderData }: Route.ComponentProps) {
  // The game client (an iframe inside the game modal) has no modals, toasts or consent banner of its own
  // (nor any use for the rest of the dictionary).
  const bare = useMatches().some((match) => match.id === 'game-client');
  const i18n = useI18n(loaderData, !bare);
  useHydratedMark();
  return (
    <I18nextProvider i18n={i18n}>
      {!loaderData.translationsOk && (
        <p role="alert" className="translations-alert">
          Translations not available
        </p>
      )}
      <Outlet />
      {!bare && <GlobalUi />}
    </I18nextProvider>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => metaTitle(matches, 'home.hero.kicker');

/** Only reached when the root itself fails; page-level errors (404) render inside the shell. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (typeof window !== 'undefined' && isChunkLoadError(error)) reloadOnce(window.location.href);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="grid min-h-dvh place-items-center p-6 text-center">
      <div>
        <h1 className="text-2xl font-bold">{status === 404 ? 'Page not found' : 'Something went wrong'}</h1>
        <p className="mt-2 text-muted">{status === 404 ? 'This page does not exist.' : 'Please reload the page in a moment.'}</p>
        <a className="btn btn-primary mt-6" href="/">
          Return home
        </a>
      </div>
    </main>
  );
}
