import { useEffect } from 'react';
import { whenIdle } from '../../lib/use-realtime';

/**
 * Starts the reality-check timer (docs/responsible-play.md) once the browser is idle, for signed-in
 * players only: guests load none of it, and nothing of it is in the first-load JavaScript.
 */
export function RealityCheckLauncher({ enabled }: { enabled: boolean }) {
  useEffect(() => {
    if (!enabled) return undefined;
    let cancelled = false;
    let stop: (() => void) | undefined;
    const cancelIdle = whenIdle(() => {
      void import('./reality-check-scheduler').then(({ startRealityCheck }) => {
        if (!cancelled) stop = startRealityCheck();
      });
    });
    return () => {
      cancelled = true;
      cancelIdle();
      stop?.();
    };
  }, [enabled]);
  return null;
}
