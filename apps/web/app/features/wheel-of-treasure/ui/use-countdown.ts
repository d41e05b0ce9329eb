import { useEffect, useState } from 'react';

/** Seconds until `targetMs` on the server's clock (anchored when the answer arrived), ticking every second (spec §9). */
export function useCountdown(targetMs: number | null | undefined, receivedAtMs: number, serverNowMs: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!targetMs) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [targetMs]);
  if (!targetMs) return null;
  // The server's "now" at receipt plus what passed here since: the player's clock may be off.
  const serverNow = (serverNowMs ?? receivedAtMs) + (now - receivedAtMs);
  return Math.max(0, Math.ceil((targetMs - serverNow) / 1000));
}

export function formatCountdown(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return [h, m, s].map((n) => String(n).padStart(2, '0')).join(':');
}
