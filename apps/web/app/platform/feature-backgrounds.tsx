import { type ComponentType, lazy, type LazyExoticComponent, Suspense } from 'react';
import type { FeatureBackgroundProps, FeatureState } from './feature';
import { useEndedFeatures } from './feature-state';
import { registry } from './registry';

/** One lazy component per watcher, made when this module loads. */
const WATCHERS: ReadonlyMap<string, LazyExoticComponent<ComponentType<FeatureBackgroundProps>>> = new Map(registry.backgrounds.map((b) => [b.feature, lazy(b.load)] as const));

/** The watchers of the features active for this visitor (guests: only those that declare `guests`). */
export default function FeatureBackgrounds({ isGuest, states }: { isGuest: boolean; states: Readonly<Record<string, FeatureState>> }) {
  const ended = useEndedFeatures((s) => s.ended);
  return (
    <>
      {registry.backgrounds.map((background) => {
        const state = states[background.feature];
        const Watcher = WATCHERS.get(background.feature);
        if (!Watcher || !state?.isActive || ended[background.feature] || (isGuest && !background.guests)) return null;
        return (
          <Suspense key={background.feature} fallback={null}>
            <Watcher state={state} isGuest={isGuest} />
          </Suspense>
        );
      })}
    </>
  );
}
