import { useEffect, useState } from 'react';

/** Spec §9: countdowns tick every second. */
export const COUNTDOWN_TICK_MS = 1000;

/** Whole seconds left until `targetMs` (rounded up, so 0 means "now"); never negative. */
export function secondsLeft(targetMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((targetMs - nowMs) / 1000));
}

const two = (n: number) => String(n).padStart(2, '0');

/** `HH:MM:SS`, with whole days in front past 24 hours (`2d 03:04:05`). */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const days = Math.floor(s / 86_400);
  const clock = `${two(Math.floor((s % 86_400) / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
  return days > 0 ? `${days}d ${clock}` : clock;
}

/**
 * Seconds left until `targetMs`, updated every second (on the second boundary of the target, so
 * that the shown value changes when it should). Null during the server render and before the first
 * tick in the browser (the two clocks differ), and when there is no target. `onDone` runs once at 0.
 */
export function useCountdown(targetMs: number | null | undefined, onDone?: () => void): number | null {
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    if (targetMs === null || targetMs === undefined) {
      setLeft(null);
      return undefined;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const now = Date.now();
      const seconds = secondsLeft(targetMs, now);
      setLeft(seconds);
      if (seconds === 0) {
        onDone?.();
        return;
      }
      const untilNextSecond = (targetMs - now) % COUNTDOWN_TICK_MS || COUNTDOWN_TICK_MS;
      timer = setTimeout(tick, untilNextSecond);
    };
    tick();
    return () => clearTimeout(timer);
    // onDone is a callback of the moment: a new function each render must not restart the countdown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [targetMs]);
  return left;
}
