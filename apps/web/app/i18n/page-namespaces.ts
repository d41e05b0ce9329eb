/**
 * The core's page namespaces (i18n/namespaces.ts explains page and shell namespaces). The features
 * add theirs in their feature.ts; the browser learns those from the root data (`featureNamespaces`),
 * so that the first-load JavaScript carries no feature declarations.
 */
export const CORE_PAGE_NAMESPACES: readonly string[] = [
  'home',
  'lobby',
  'games',
  'features',
  'comingSoon',
  'auth',
  'consent',
  'geoblock',
  'registrationComplete',
  'cash',
  'account',
  'kyc',
  'redeem',
  'gameClient',
  'fairness',
];

const CORE: ReadonlySet<string> = new Set(CORE_PAGE_NAMESPACES);

/** Whether a namespace is a page namespace: the core's, or one of `featureNamespaces`. */
export function isPageNamespace(name: string, featureNamespaces: readonly string[] = []): boolean {
  return CORE.has(name) || featureNamespaces.includes(name);
}
