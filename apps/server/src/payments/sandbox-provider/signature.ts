import { createHmac, timingSafeEqual } from 'node:crypto';

/** Header of the sandbox provider's webhooks: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const SIGNATURE_HEADER = 'x-sandbox-signature';
/** A webhook signed longer ago than this (or this far in the future) is refused as a replay. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function signPayload(secret: string, timestampSeconds: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex');
}

export function signatureHeader(secret: string, timestampSeconds: number, body: string): string {
  return `t=${timestampSeconds},v1=${signPayload(secret, timestampSeconds, body)}`;
}

export type SignatureCheck = { ok: true; timestampSeconds: number } | { ok: false; reason: 'signature' | 'timestamp' };

/**
 * Checks a webhook's signature header against the raw body: the HMAC first (constant time; any v1
 * value may match, for secret rotation), then the timestamp against the tolerance.
 */
export function verifySignature(secret: string, header: string | undefined, body: string, nowMs: number, toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS): SignatureCheck {
  if (!header || header.length > 1000) return { ok: false, reason: 'signature' };
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value !== undefined && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && value !== undefined && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  if (timestamp === undefined || signatures.length === 0) return { ok: false, reason: 'signature' };
  const expected = Buffer.from(signPayload(secret, timestamp, body), 'hex');
  const matches = signatures.some((s) => timingSafeEqual(Buffer.from(s, 'hex'), expected));
  if (!matches) return { ok: false, reason: 'signature' };
  if (Math.abs(nowMs / 1000 - timestamp) > toleranceSeconds) return { ok: false, reason: 'timestamp' };
  return { ok: true, timestampSeconds: timestamp };
}
