/**
 * The local instant a server instant stands for: the answer carries the server's clock, so the
 * countdown runs on the server's time even when the device's clock is wrong.
 */
export function localTargetMs(targetIso: string, serverTimeIso: string, receivedAtMs: number): number {
  return receivedAtMs + (Date.parse(targetIso) - Date.parse(serverTimeIso));
}
