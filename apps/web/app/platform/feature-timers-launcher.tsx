import { useEffect } from 'react';
import { whenLoadedAndIdle } from '../lib/use-realtime';
import type { FeatureState } from './feature';

/** When the page's load event ended (performance.now()'s clock), if it has. */
function loadedAtMs(): number | undefined {
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  return navigation?.loadEventEnd || undefined;
}

/**
 * Starts the features' finish timers and welcome-modal check (platform/feature-timers.ts) once the
 * page has loaded and the browser is idle (not while React still hydrates), for signed-in players
 * only: nothing of it is in the first-load JavaScript. The welcome check still comes 5 s after the
 * load event on the first start (later starts: 5 s after they start, as before).
 */
export function FeatureTimersLauncher({ states }: { states: Readonly<Record<string, FeatureState>> | null }) {
  useEffect(() => {
    if (!states) return undefined;
    let cancelled = false;
    let stop: (() => void) | undefined;
    const startedAt = document.readyState === 'complete' ? performance.now() : null;
    const cancelStart = whenLoadedAndIdle(() => {
      void import('./feature-timers').then(({ startFeatureTimers, WELCOME_CHECK_DELAY_MS }) => {
        if (cancelled) return;
        const since = startedAt ?? loadedAtMs() ?? performance.now();
        stop = startFeatureTimers(states, Math.max(0, WELCOME_CHECK_DELAY_MS - (performance.now() - since)));
      });
    });
    return () => {
      cancelled = true;
      cancelStart();
      stop?.();
    };
  }, [states]);
  return null;
}
