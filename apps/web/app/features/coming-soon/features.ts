/**
 * Features that are not built yet show an honest empty state with the feature's name and description
 * (translations `features.<key>.name` / `.description`): the pages, modals, sidebar entries and links
 * their feature.ts declares without a component of their own (app/platform/feature.ts).
 */

/** i18n key segment of a feature (kebab-case ids become camelCase keys). */
export function featureKey(feature: string): string {
  return feature.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());
}
