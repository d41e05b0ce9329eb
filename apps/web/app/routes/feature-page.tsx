import { useMatches } from 'react-router';
import { featureKey } from '../features/coming-soon/features';
import { ComingSoon } from '../features/coming-soon/empty-state';
import { metaTitle } from '../lib/meta';
import type { Route } from './+types/feature-page';

const featureOf = (id: string | undefined) => (id ?? '').replace(/^feature:/, '');

/** Pages whose feature comes later (route ids `feature:<name>` in routes.ts). */
export default function FeaturePage() {
  const matches = useMatches();
  return <ComingSoon feature={featureOf(matches[matches.length - 1]?.id)} />;
}

export function meta({ matches }: Route.MetaArgs) {
  return metaTitle(matches, `features.${featureKey(featureOf(matches[matches.length - 1]?.id))}.name`);
}
