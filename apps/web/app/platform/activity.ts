/**
 * The visitor's activity, shared by the site's tabs (localStorage): what the pop-up ads' session-start
 * trigger (after 30 minutes away) and the reload after long inactivity (inactivity-reload.tsx) read.
 * One tracker per page writes it, so every reader sees the time before the activity that woke it.
 */

/** Where the last activity of the visit is kept (shared by the site's tabs). */
export const LAST_ACTIVITY_KEY = 'sweepstack_last_activity';
/** Activity is written at most this often (pointer moves come many a second). */
export const ACTIVITY_WRITE_INTERVAL_MS = 15_000;
/**
 * Set (this tab only) just before the page reloads for inactivity, with the last activity it saw:
 * the reloaded page does not count its own load as the visitor's return, and does not reload again.
 */
export const IDLE_RELOAD_KEY = 'sweepstack_idle_reload';

/** A minimal Storage (localStorage or sessionStorage in the browser). */
export interface ActivityStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem?(key: string): void;
}

export function readLastActivity(store: ActivityStore): number | null {
  try {
    const value = Number(store.getItem(LAST_ACTIVITY_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export function writeLastActivity(store: ActivityStore, nowMs: number): void {
  try {
    store.setItem(LAST_ACTIVITY_KEY, String(nowMs));
  } catch {
    // Storage denied: no session-start trigger and no idle reload, nothing worse.
  }
}

/** Whether this page was loaded by the idle reload and the visitor has not acted since. */
export function reloadedForIdle(session: ActivityStore): boolean {
  try {
    return session.getItem(IDLE_RELOAD_KEY) !== null;
  } catch {
    return false;
  }
}

/** One activity of the visitor: what it saw before it (`lastActivityMs`, null on a first visit). */
export interface Activity {
  nowMs: number;
  lastActivityMs: number | null;
}

type Listener = (activity: Activity) => void;
const listeners = new Set<Listener>();
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'focus'] as const;
let started = false;
let loadActivity: Activity | null = null;

/** Reads the last activity, then writes this one (at most every 15 s across tabs). Null while the tab is hidden. */
function record(nowMs: number): Activity | null {
  if (document.visibilityState === 'hidden') return null;
  const lastActivityMs = readLastActivity(window.localStorage);
  try {
    window.sessionStorage.removeItem(IDLE_RELOAD_KEY);
  } catch {
    // Storage denied.
  }
  if (lastActivityMs === null || nowMs - lastActivityMs >= ACTIVITY_WRITE_INTERVAL_MS) writeLastActivity(window.localStorage, nowMs);
  return { nowMs, lastActivityMs };
}

function start(): void {
  if (started) return;
  started = true;
  const handler = () => noteActivity();
  for (const name of ACTIVITY_EVENTS) window.addEventListener(name, handler, { passive: true });
  document.addEventListener('visibilitychange', handler);
  // The page's load counts as an activity, except after an idle reload (the visitor is still away).
  loadActivity = reloadedForIdle(window.sessionStorage) ? null : record(Date.now());
}

/**
 * Records an activity and tells the listeners what the last activity was before it. Callers: the
 * tracker's events, and what only a present visitor does (a modal or the cash widget closing).
 */
export function noteActivity(nowMs = Date.now()): void {
  start();
  const activity = record(nowMs);
  if (activity) for (const listener of listeners) listener(activity);
}

/** Listens to the visitor's activity (pointer, key, focus, the tab shown); returns the unsubscribe. */
export function onActivity(listener: Listener): () => void {
  start();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The page load's activity (null after an idle reload, in a hidden tab, or once taken): for one reader. */
export function takeLoadActivity(): Activity | null {
  start();
  const activity = loadActivity;
  loadActivity = null;
  return activity;
}

/**
 * Spec §4 gives no value for the "longer threshold" after which the page reloads: ours is two hours
 * without any activity in any of the site's tabs (four times the session-start pause). A page left
 * that long has stale balances, feature states and perhaps an old build; the visitor comes back to a
 * fresh one.
 */
export const IDLE_RELOAD_AFTER_MS = 2 * 60 * 60 * 1000;
/** How often an open page checks whether it has been idle that long. */
export const IDLE_CHECK_INTERVAL_MS = 60_000;

/**
 * Whether the page reloads now for inactivity: two hours since the last activity of any tab, no modal
 * and no cash widget open, and not a page the idle reload itself loaded before the visitor acted.
 */
export function shouldReloadForIdle(input: { lastActivityMs: number | null; nowMs: number; busy: boolean; reloadedForIdle: boolean }): boolean {
  if (input.reloadedForIdle || input.busy || input.lastActivityMs === null) return false;
  return input.nowMs - input.lastActivityMs >= IDLE_RELOAD_AFTER_MS;
}
