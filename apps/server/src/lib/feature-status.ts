import type { AppDeps } from '../app-context';

/**
 * Whether the site-wide features the shell depends on are running. None of these features exists
 * yet, so none is active; each feature's module replaces its line with its own read.
 */
export interface FeatureStatus {
  /** Weekly or monthly promo lottery running (spec §5: lottery sidebar items need it). */
  lottery: boolean;
}

export function readFeatureStatus(_deps: Pick<AppDeps, 'database'>): FeatureStatus {
  return { lottery: false };
}
