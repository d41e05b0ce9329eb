import type { PopUpTrigger } from '@sweepstack/contracts/pop-up-ads/popup-ads';

/**
 * When the web asks for a pop-up ad (docs/features/pop-up-ads.md): pure rules, unit tested; the
 * watcher (ui/pop-up-ads-watcher.tsx) feeds them the modal stack, the cash widget and the clock.
 */

/** Spec §4, §9: after 30 minutes away a session-start ad trigger fires. */
export const INACTIVITY_MS = 1_800_000;

/**
 * Whether this activity starts a new session: the visitor was here before (a first visit is not a
 * return) and nothing happened in any tab for 30 minutes or more.
 */
export function isSessionStart(lastActivityMs: number | null, nowMs: number): boolean {
  return lastActivityMs !== null && nowMs - lastActivityMs >= INACTIVITY_MS;
}

/** closeGame when the game modal left the stack between two states of it. */
export function gameClosed(before: readonly string[], after: readonly string[]): boolean {
  return before.includes('game') && !after.includes('game');
}

/** closeCashbox when the cash widget was open and is not any more. */
export function cashboxClosed(wasOpen: boolean, isOpen: boolean): boolean {
  return wasOpen && !isOpen;
}

/**
 * Whether an ad may show now: never during a game or over the cash widget, and never over another
 * modal (at most one thing asks for the visitor's attention at a time).
 */
export function mayShow(openModals: readonly string[], cashOpen: boolean): boolean {
  return openModals.length === 0 && !cashOpen;
}

/**
 * At most one ad per trigger occurrence, and one at a time: a trigger is taken only while no other
 * is being asked, waited for or shown. `take` answers whether this trigger may ask; `release` ends it.
 */
export function createTriggerGate() {
  let busy: PopUpTrigger | null = null;
  return {
    take(trigger: PopUpTrigger): boolean {
      if (busy !== null) return false;
      busy = trigger;
      return true;
    },
    release(): void {
      busy = null;
    },
    get busy(): PopUpTrigger | null {
      return busy;
    },
  };
}
