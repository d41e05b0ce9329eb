/** Spec §4: a chunk that fails to load during navigation triggers a full reload to the target. */
const GUARD_KEY = 'sweepstack:chunk-reload';
/** Reloads are not repeated for the same target within this window (spec §9: 10 s). */
export const RELOAD_GUARD_MS = 10_000;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : typeof error === 'string' ? error : '';
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|ChunkLoadError|Unable to preload CSS/i.test(message);
}

/** Whether a reload to `target` at `now` is allowed, given the last guarded reload. */
export function mayReload(last: { target: string; at: number } | null, target: string, now: number): boolean {
  return !last || last.target !== target || now - last.at > RELOAD_GUARD_MS;
}

export function reloadOnce(target: string): void {
  let last: { target: string; at: number } | null = null;
  try {
    last = JSON.parse(sessionStorage.getItem(GUARD_KEY) ?? 'null') as { target: string; at: number } | null;
  } catch {
    last = null;
  }
  const now = Date.now();
  if (!mayReload(last, target, now)) return;
  sessionStorage.setItem(GUARD_KEY, JSON.stringify({ target, at: now }));
  window.location.assign(target);
}

const PENDING_KEY = 'sweepstack:navigation-target';

/**
 * React Router reloads the *current* page when a route chunk fails during a navigation. The target of
 * the navigation is remembered while it loads, so that the reloaded page can continue to it.
 */
export function rememberNavigationTarget(target: string | null): void {
  try {
    if (target === null) sessionStorage.removeItem(PENDING_KEY);
    else sessionStorage.setItem(PENDING_KEY, JSON.stringify({ target, at: Date.now() }));
  } catch {
    // Storage unavailable (private mode): the plain reload still happens.
  }
}

/** Where a freshly loaded page should continue to: a navigation target left less than 10 s ago. */
export function pendingTarget(stored: { target: string; at: number } | null, current: string, now: number): string | null {
  if (!stored || now - stored.at > RELOAD_GUARD_MS || stored.target === current) return null;
  return stored.target;
}

export function takePendingTarget(current: string): string | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? 'null') as { target: string; at: number } | null;
    sessionStorage.removeItem(PENDING_KEY);
    return pendingTarget(stored, current, Date.now());
  } catch {
    return null;
  }
}
