import { useEffect } from 'react';
import type { FeatureState } from './feature';

/**
 * Starts the features' finish timers and welcome-modal check (platform/feature-timers.ts) once the
 * page has loaded, for signed-in players only: nothing of it is in the first-load JavaScript.
 */
export function FeatureTimersLauncher({ states }: { states: Readonly<Record<string, FeatureState>> | null }) {
  useEffect(() => {
    if (!states) return undefined;
    let cancelled = false;
    let stop: (() => void) | undefined;
    const start = () => {
      void import('./feature-timers').then(({ startFeatureTimers }) => {
        if (!cancelled) stop = startFeatureTimers(states);
      });
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener('load', start);
      stop?.();
    };
  }, [states]);
  return null;
}
