import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived channel tokens for the socket handshake of the "alternative socket" (spec §7: token in
 * the query), stateless so that any node verifies them: `<playerId>.<expiresAtMs>.<HMAC-SHA256>`,
 * keyed by a key derived from SESSION_SECRET (never the secret itself).
 */
const derivedKeys = new Map<string, Buffer>();

function keyOf(secret: string): Buffer {
  // Derived once per secret (app init issues a token on every signed-in call).
  let key = derivedKeys.get(secret);
  if (!key) {
    key = createHmac('sha256', secret).update('sweepstack realtime channel token v1').digest();
    derivedKeys.set(secret, key);
  }
  return key;
}

function signature(secret: string, playerId: number, expiresAtMs: number): string {
  return createHmac('sha256', keyOf(secret)).update(`${playerId}.${expiresAtMs}`).digest('base64url');
}

export function issueChannelToken(secret: string, playerId: number, expiresAtMs: number): string {
  return `${playerId}.${expiresAtMs}.${signature(secret, playerId, expiresAtMs)}`;
}

/** The player id of a valid, unexpired token, or null. */
export function verifyChannelToken(secret: string, token: string, nowMs: number): number | null {
  if (token.length > 200) return null;
  const match = /^(\d{1,12})\.(\d{1,15})\.([\w-]{43})$/.exec(token);
  if (!match) return null;
  const playerId = Number(match[1]);
  const expiresAtMs = Number(match[2]);
  if (expiresAtMs <= nowMs) return null;
  const expected = Buffer.from(signature(secret, playerId, expiresAtMs));
  const given = Buffer.from(match[3] ?? '');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return playerId;
}
