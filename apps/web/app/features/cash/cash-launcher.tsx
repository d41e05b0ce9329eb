import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { withFullDictionary } from '../../i18n/i18n';

// The widget (cash, kyc, redeem) can open on any page: its chunk waits for the whole dictionary.
const CashWidget = lazy(withFullDictionary(() => import('./cash-widget')));

/**
 * Whether a location hash opens the cashbox: any hash containing `cash` (spec §2). Here, not in
 * cash-route.ts, so that the first-load shell asks without loading the routes' parser.
 */
export const opensCashbox = (hash: string): boolean => hash.includes('cash');

/** Spec §9: the cash widget mounts 2 s after load. */
export const CASH_WIDGET_DELAY_MS = 2000;

/**
 * Loads the cash widget (its own chunk: nothing of it is in the first-load JS) 2 s after load for
 * signed-in players, or at once when the address asks for the cashbox or the verification widget.
 */
export function CashLauncher({ enabled }: { enabled: boolean }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (!enabled) return undefined;
    // A transition: the widget renders in slices that yield to input instead of one long task.
    const mount = () => startTransition(() => setMounted(true));
    const onHash = () => {
      if (/cash|verify/.test(window.location.hash)) mount();
    };
    onHash();
    const timer = window.setTimeout(mount, CASH_WIDGET_DELAY_MS);
    window.addEventListener('hashchange', onHash);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('hashchange', onHash);
    };
  }, [enabled]);
  return mounted && enabled ? (
    <Suspense fallback={null}>
      <CashWidget />
    </Suspense>
  ) : null;
}
