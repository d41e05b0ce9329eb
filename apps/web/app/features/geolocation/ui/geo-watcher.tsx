import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { localizePath } from '../../../lib/locale';
import { useRootData } from '../../../lib/root-data';
import type { FeatureBackgroundProps } from '../../../platform/feature';
import { useLiveBalance } from '../../shell/live-balance';
import { modeTriggers, VISITOR_RECHECK_DELAY_MS, visitorTriggers } from './flow';

const VISITOR_KEY = 'sweepstack_geo_visitor';

function swapVisitor(current: string | null): string | null {
  try {
    const previous = window.sessionStorage.getItem(VISITOR_KEY);
    if (current !== null) window.sessionStorage.setItem(VISITOR_KEY, current);
    return previous;
  } catch {
    return null;
  }
}

/**
 * The geolocation flow's triggers (spec §4): game mode becoming entries (SweepStakes), an autologin
 * query, and logout or a login change (5 s later, spec §2). Runs the check (ui/check.ts, its own chunk)
 * and leaves for /geoblock/ when the visitor may not stay. Nothing to render.
 */
export default function GeoWatcher({ isGuest }: FeatureBackgroundProps) {
  const root = useRootData();
  const navigate = useNavigate();
  const liveMode = useLiveBalance((s) => s.gameMode);
  const mode = isGuest ? null : (liveMode ?? root.player?.gameMode ?? null);
  const previousMode = useRef<typeof mode | undefined>(undefined);
  const locale = root.locale;

  const leave = useCallback(() => void navigate(localizePath('/geoblock/', locale)), [navigate, locale]);

  // Game mode becomes entries.
  useEffect(() => {
    const before = previousMode.current;
    previousMode.current = mode;
    if (!modeTriggers({ mode, previousMode: before, allowedBefore: readAllowed() })) return;
    runCheck(leave);
  }, [mode, leave]);

  // An autologin query (the server left autologin=true where the aa link pointed).
  useEffect(() => {
    if (new URLSearchParams(window.location.search).get('autologin') === 'true') runCheck(leave);
  }, [leave]);

  // Logout or a login change: 5 s later.
  const visitor = isGuest ? 'guest' : (root.player?.uuid ?? null);
  useEffect(() => {
    if (!visitorTriggers(swapVisitor(visitor), visitor)) return;
    const timer = window.setTimeout(() => runCheck(leave), VISITOR_RECHECK_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [visitor, leave]);

  return null;
}

let running = false;

/** One check at a time (ui/check.ts, its own chunk); `leave` goes to /geoblock/ when the visitor may not stay. */
function runCheck(leave: () => void): void {
  // The geoblock page runs its own check (Try again).
  if (running || /^(\/[a-z]{2})?\/geoblock\/?$/.test(window.location.pathname)) return;
  running = true;
  void (async () => {
    try {
      const { deviceCheckEnabled, runGeoCheck } = await import('./check');
      if (!(await deviceCheckEnabled())) return;
      const geo = await runGeoCheck();
      if (geo.accessState !== 'granted') leave();
    } catch (error) {
      console.warn('[geo] check failed', error);
    } finally {
      running = false;
    }
  })();
}

function readAllowed(): boolean {
  try {
    const text = window.sessionStorage.getItem('sweepstack_geo');
    return text !== null && (JSON.parse(text) as { accessState?: string }).accessState === 'granted';
  } catch {
    return false;
  }
}
