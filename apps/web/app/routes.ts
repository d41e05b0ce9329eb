import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

/** Pages whose feature is not built yet: one module renders the feature's designed empty state. */
const FEATURE_PAGES: [path: string, id: string][] = [
  ['affiliates', 'affiliates'],
  ['affiliates/partners-account', 'partners-account'],
  ['how-it-works', 'how-it-works'],
  ['lottery', 'lottery'],
  ['magic-boxes', 'magic-boxes'],
  ['prize-drops', 'prize-drops'],
  ['promotions', 'promotions'],
  ['redesign', 'redesign'],
  ['referral-info', 'referral-info'],
  ['scratch-cards', 'scratch-cards'],
  ['vip', 'vip'],
  ['wheel-of-treasure', 'wheel-of-treasure'],
];

export default [
  // The game client (inside the game modal's iframe): its own minimal layout, no shell.
  route('games/:slug/play', 'routes/game-client.tsx', { id: 'game-client' }),
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
      route('tournaments', 'routes/tournaments.tsx'),
      route('library', 'routes/library.tsx'),
      route('issues/:pageName', 'routes/issues.tsx'),
      route('fairness', 'routes/fairness.tsx'),
      route('account', 'routes/account.tsx'),
      route('account/responsible-play', 'routes/responsible-play.tsx'),
      route('page/:name', 'routes/legal-page.tsx'),
      route('page/*', 'routes/legal-page.tsx', { id: 'legal-page-nested' }),
      ...FEATURE_PAGES.map(([path, id]) => route(path, 'routes/feature-page.tsx', { id: `feature:${id}` })),
      route('*', 'routes/not-found.tsx'),
    ]),
  ]),
] satisfies RouteConfig;
