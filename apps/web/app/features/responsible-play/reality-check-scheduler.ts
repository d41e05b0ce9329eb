import type { RealityCheckResponse, RealityCheckState } from '@sweepstack/contracts/responsible-play/reality-check';
import { http } from '../../lib/http';
import { useModals } from '../modals/modal-store';
import { reminderAction } from './reality-check-rules';

/**
 * The tab's reality-check timer (docs/responsible-play.md, "Reality check"): asks the server when the
 * next reminder falls due, waits for it, asks again and opens the reminder over whatever is on screen
 * (the game modal included). Loaded when the browser is idle, for signed-in players only.
 */

export const REALITY_CHECK_PATH = '/rest/player/responsible-play/reality-check/';
const RETRY_MS = 60_000;

let running = false;
let timer: ReturnType<typeof setTimeout> | undefined;

function clearTimer(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
}

async function ask(firedFor: number | null): Promise<void> {
  try {
    const answer = await http<RealityCheckResponse>(REALITY_CHECK_PATH);
    applyRealityCheck(answer.data, firedFor);
  } catch {
    // Offline or signed out: try again later; the server keeps the reminder due meanwhile.
    if (running) {
      clearTimer();
      timer = setTimeout(() => void ask(firedFor), RETRY_MS);
    }
  }
}

async function openReminder(state: RealityCheckState): Promise<void> {
  // Its chunk first, so the modal opens with its content rather than a placeholder.
  await import('./reality-check-modal');
  const modals = useModals.getState();
  if (!running || modals.stack.some((m) => m.name === 'reality-check')) return;
  modals.open('reality-check', { realityCheck: state });
}

/**
 * Acts on a server answer (from this timer, the responsible play page, or the reminder's own
 * answer): opens the reminder or waits for the next due time. `firedFor`: the due time whose timer
 * has just run out.
 */
export function applyRealityCheck(state: RealityCheckState, firedFor: number | null = null): void {
  if (!running) return;
  clearTimer();
  const action = reminderAction(state, firedFor);
  if (action.show) void openReminder(state);
  if (action.waitMs !== null && state.nextDueAtMs !== null) {
    const dueAtMs = state.nextDueAtMs;
    timer = setTimeout(() => void ask(dueAtMs), action.waitMs);
  }
}

/** Starts the tab's timer (once); answers the function that stops it (sign-out, unmount). */
export function startRealityCheck(): () => void {
  if (!running) {
    running = true;
    void ask(null);
  }
  return () => {
    running = false;
    clearTimer();
  };
}

