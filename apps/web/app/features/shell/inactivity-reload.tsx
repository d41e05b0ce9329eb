import { useEffect } from 'react';
import { IDLE_CHECK_INTERVAL_MS, IDLE_RELOAD_KEY, noteActivity, onActivity, readLastActivity, reloadedForIdle, shouldReloadForIdle } from '../../platform/activity';
import { opensCashbox } from '../cash/cash-launcher';
import { useModals } from '../modals/modal-store';

const busy = () => useModals.getState().stack.length > 0 || opensCashbox(window.location.hash);

/**
 * Spec §4: after a long inactivity the page reloads, once no modal and no cash widget is open
 * (platform/activity.ts: two hours). Closing a modal or the cash widget counts as activity (a game
 * played in its frame shows no activity to this page), so a page never reloads under a visitor's hands.
 */
export function InactivityReload() {
  useEffect(() => {
    const stopActivity = onActivity(() => {});
    let wasBusy = busy();
    const onChange = () => {
      const now = busy();
      if (wasBusy && !now) noteActivity();
      wasBusy = now;
    };
    const unsubscribe = useModals.subscribe(onChange);
    window.addEventListener('hashchange', onChange);
    const check = () => {
      const lastActivityMs = readLastActivity(window.localStorage);
      if (!shouldReloadForIdle({ lastActivityMs, nowMs: Date.now(), busy: busy(), reloadedForIdle: reloadedForIdle(window.sessionStorage) })) return;
      try {
        window.sessionStorage.setItem(IDLE_RELOAD_KEY, String(lastActivityMs));
      } catch {
        // Without the mark the reloaded page could not tell it was not the visitor's return: stay.
        return;
      }
      window.location.reload();
    };
    const timer = window.setInterval(check, IDLE_CHECK_INTERVAL_MS);
    return () => {
      stopActivity();
      unsubscribe();
      window.removeEventListener('hashchange', onChange);
      window.clearInterval(timer);
    };
  }, []);
  return null;
}
