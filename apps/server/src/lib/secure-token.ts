import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh random token for cookies and one-time links: 32 bytes, base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token: its SHA-256, hex. A leaked table cannot be replayed. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Keyed hash for short secrets (OTP codes), so a leaked table does not reveal them by brute force alone. */
export function hmacHex(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value, 'utf8').digest('hex');
}

/** Compares two hex digests in constant time. */
export function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}
