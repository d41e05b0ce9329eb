import { useEffect } from 'react';
import { activeI18n } from '../../../i18n/i18n';
import { useEndedFeatures } from '../../../platform/feature-state';
import { useModals } from '../../modals/modal-store';
import { showToast } from '../../toasts/toast-store';
import { usePrizeDrops } from './prize-drops-api';

/** Spec §4: the toast shows when the next block's timer reads 40 s. */
export const TOAST_AT_SECONDS = 40;

/** What the block toast needs from the page's world (the browser's, or a test's). */
export interface BlockToastHost {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Today's board: when the next hourly block opens on this browser's clock; null when prize drops are off or unreachable. */
  nextBlockAtMs(): Promise<number | null>;
  /** A game is open (spec §4: no toast while the player plays). */
  inGame(): boolean;
  /** Prize drops ended locally (the day's countdown ran out: spec §4). */
  ended(): boolean;
  toast(seconds: number): void;
}

/**
 * The 40-second toast on every page of a visit (spec §4): a timer set to 40 s before the next hourly
 * block; when it fires and no game is open, the toast shows. After the block it reads the board again
 * and sets the next one. Answers a stop function.
 */
export function startBlockToast(host: BlockToastHost): () => void {
  let stopped = false;
  let handle: unknown;
  const after = (ms: number, run: () => void) => {
    if (!stopped) handle = host.setTimeout(run, Math.max(0, ms));
  };
  const plan = async () => {
    const nextBlockAtMs = await host.nextBlockAtMs();
    if (stopped || nextBlockAtMs === null || host.ended()) return;
    const again = () => after(nextBlockAtMs + 1000 - host.now(), () => void plan());
    const toastInMs = nextBlockAtMs - TOAST_AT_SECONDS * 1000 - host.now();
    // Already inside the last 40 s of this block: wait for the next one.
    if (toastInMs < 0) return again();
    after(toastInMs, () => {
      if (!host.inGame() && !host.ended()) host.toast(TOAST_AT_SECONDS);
      again();
    });
  };
  void plan();
  return () => {
    stopped = true;
    host.clearTimeout(handle);
  };
}

const browserHost: BlockToastHost = {
  now: () => Date.now(),
  setTimeout: (run, ms) => window.setTimeout(run, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
  nextBlockAtMs: async () => {
    const info = await usePrizeDrops.getState().load();
    if (!info?.isActive) return null;
    return usePrizeDrops.getState().receivedAtMs + info.nextPrizeWillAccrueIn * 1000;
  },
  inGame: () => useModals.getState().stack.some((entry) => entry.name === 'game'),
  ended: () => useEndedFeatures.getState().ended['prize-drops'] === true,
  toast: (seconds) => {
    const i18n = activeI18n();
    if (i18n) showToast('prize-drop', i18n.t('prizeDrops.toast', { seconds }));
  },
};

/** The feature's background watcher (feature.ts `background`): the block toast on every page, while prize drops run. */
export default function BlockToastWatcher() {
  useEffect(() => startBlockToast(browserHost), []);
  return null;
}
