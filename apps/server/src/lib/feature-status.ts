import type { AppDeps } from '../app-context';
import { contentCache } from './content-cache';

/**
 * Whether the site-wide features the shell depends on are running, from the features' own
 * `feature_status` rows (docs/adding-a-feature.md), read with the content snapshot.
 */
export interface FeatureStatus {
  /** Weekly or monthly promo lottery running (spec §5: lottery sidebar items need it). */
  lottery: boolean;
}

export async function readFeatureStatus(deps: Pick<AppDeps, 'database'>): Promise<FeatureStatus> {
  const status = (await contentCache(deps).get()).featureStatus.get('lottery') as { active?: unknown } | undefined;
  return { lottery: status?.active === true };
}
