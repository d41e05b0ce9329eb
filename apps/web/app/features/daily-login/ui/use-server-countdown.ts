import { useEffect, useState } from 'react';

/** Spec §9: countdowns tick every second. */
export const COUNTDOWN_TICK_MS = 1000;

const two = (n: number) => String(n).padStart(2, '0');

/** `HH:MM:SS` (a daily claim is never more than a day away; days in front past 24 hours). */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const days = Math.floor(s / 86_400);
  const clock = `${two(Math.floor((s % 86_400) / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
  return days > 0 ? `${days}d ${clock}` : clock;
}

/**
 * The local instant a server instant stands for: the answer carries the server's clock, so the
 * countdown runs on the server's time even when the device's clock is wrong.
 */
export function localTargetMs(targetIso: string, serverTimeIso: string, receivedAtMs: number): number {
  return receivedAtMs + (Date.parse(targetIso) - Date.parse(serverTimeIso));
}

/**
 * Whole seconds left until `targetMs`, updated every second on the target's second boundary; null
 * before the first tick in the browser and without a target. `onDone` runs once when it reaches 0.
 */
export function useServerCountdown(targetMs: number | null, onDone?: () => void): number | null {
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    if (targetMs === null) {
      setLeft(null);
      return undefined;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const now = Date.now();
      const seconds = Math.max(0, Math.ceil((targetMs - now) / 1000));
      setLeft(seconds);
      if (seconds === 0) {
        onDone?.();
        return;
      }
      timer = setTimeout(tick, (targetMs - now) % COUNTDOWN_TICK_MS || COUNTDOWN_TICK_MS);
    };
    tick();
    return () => clearTimeout(timer);
    // onDone is a callback of the moment: a new function each render must not restart the countdown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [targetMs]);
  return left;
}
