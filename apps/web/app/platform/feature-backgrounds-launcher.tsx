import { lazy, Suspense, useEffect, useState } from 'react';
import { whenLoadedAndIdle } from '../lib/use-realtime';
import type { FeatureState } from './feature';

// The registry and the watchers load only once the page has: nothing of them is in the first-load JavaScript.
const FeatureBackgrounds = lazy(() => import('./feature-backgrounds'));

/**
 * Mounts the features' background watchers (feature.ts `background`) once the page has loaded and
 * the browser is idle, when some feature is active for this visitor (a guest's states come from the
 * guest app init).
 */
export function FeatureBackgroundsLauncher({ isGuest, states }: { isGuest: boolean; states: Readonly<Record<string, FeatureState>> | null }) {
  const [loaded, setLoaded] = useState(false);
  // After the load event and when the browser is idle: the load event comes while React still hydrates.
  useEffect(() => whenLoadedAndIdle(() => setLoaded(true)), []);
  if (!loaded || !states || !Object.values(states).some((state) => state.isActive)) return null;
  return (
    <Suspense fallback={null}>
      <FeatureBackgrounds isGuest={isGuest} states={states} />
    </Suspense>
  );
}
