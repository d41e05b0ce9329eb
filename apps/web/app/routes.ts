import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';
import type { WebFeature } from './platform/feature';
import { featureRoutes } from './platform/feature-routes';

/**
 * Each feature's pages come from its `features/<feature>/feature.ts` (folder scan, evaluated at
 * build time): adding a feature adds its routes without an edit here.
 */
const FEATURES = import.meta.glob<{ default: WebFeature }>('./features/*/feature.ts', { eager: true });

export default [
  // The game client (inside the game modal's iframe): its own minimal layout, no shell; `/es/games/…`
  // in Spanish (the game modal adds the page's language segment).
  route('games/:slug/play', 'routes/game-client.tsx', { id: 'game-client' }),
  route(':lang/games/:slug/play', 'routes/game-client.tsx', { id: 'game-client-localized' }),
  route(':lang?', 'routes/locale.tsx', [
    layout('layouts/auth.tsx', [
      route('signin', 'routes/signin.tsx'),
      route('signup', 'routes/signup.tsx'),
      route('reset', 'routes/reset.tsx'),
    ]),
    layout('layouts/geoblock.tsx', [route('geoblock', 'routes/geoblock.tsx')]),
    layout('layouts/default.tsx', [
      index('routes/home.tsx'),
      route('lobby', 'routes/lobby.tsx'),
      route('register', 'routes/register.tsx'),
      route('registration-complete', 'routes/registration-complete.tsx'),
      route('library', 'routes/library.tsx'),
      route('issues/:pageName', 'routes/issues.tsx'),
      route('fairness', 'routes/fairness.tsx'),
      route('account', 'routes/account.tsx'),
      route('account/responsible-play', 'routes/responsible-play.tsx'),
      route('page/:name', 'routes/legal-page.tsx'),
      route('page/*', 'routes/legal-page.tsx', { id: 'legal-page-nested' }),
      ...featureRoutes(FEATURES),
      route('*', 'routes/not-found.tsx'),
    ]),
  ]),
] satisfies RouteConfig;
