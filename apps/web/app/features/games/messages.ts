/** postMessage protocol between the game client (iframe) and the page hosting it (same origin). */
export type GameClientMessage =
  | { type: 'sweepstack:balance'; currency: 'GC' | 'FC'; balance: number }
  | { type: 'sweepstack:insufficient-funds' }
  | { type: 'sweepstack:max-bet'; max: number; currency: 'GC' | 'FC' }
  /** The server refused Fortune Coin play from the player's state (GEO_SWEEPSTAKES_RESTRICTED). */
  | { type: 'sweepstack:sweepstakes-restricted' }
  | { type: 'sweepstack:close' };

export function isGameClientMessage(value: unknown): value is GameClientMessage {
  if (typeof value !== 'object' || value === null) return false;
  const type = (value as { type?: unknown }).type;
  return type === 'sweepstack:balance' || type === 'sweepstack:insufficient-funds' || type === 'sweepstack:max-bet' || type === 'sweepstack:sweepstakes-restricted' || type === 'sweepstack:close';
}

/** postMessage from the hosting page to the game client: stop any autoplay (the reality check is on screen). */
export type GameHostMessage = { type: 'sweepstack:pause'; reason: 'realityCheck' };

export function isGameHostMessage(value: unknown): value is GameHostMessage {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'sweepstack:pause';
}
