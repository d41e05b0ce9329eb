import { route, type RouteConfigEntry } from '@react-router/dev/routes';
import { createRegistry, type FeatureModules } from './registry';

/** The route module of the pages whose feature is not built yet: the feature's designed empty state. */
export const COMING_SOON_PAGE = 'routes/feature-page.tsx';

function normalize(path: string): string {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..') out.pop();
    else if (part !== '.' && part !== '') out.push(part);
  }
  return out.join('/');
}

/**
 * The routes of the features' pages, for routes.ts (evaluated at build time). `callerDir` is the
 * directory of the file that made the glob, relative to the app directory (routes.ts: '').
 */
export function featureRoutes(modules: FeatureModules, callerDir = ''): RouteConfigEntry[] {
  return createRegistry(modules).pages.map((page) =>
    route(page.path, page.file ? normalize(`${callerDir}/${page.folder}/${page.file}`) : COMING_SOON_PAGE, { id: page.routeId }),
  );
}
