import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-identity-signature';
/** A callback older (or further in the future) than this is refused: replays of old captures fail. */
export const SIGNATURE_TOLERANCE_MS = 5 * 60 * 1000;

/** The webhook key, derived from the session secret (a real provider would issue its own). */
export function webhookSecretOf(sessionSecret: string): string {
  return createHmac('sha256', sessionSecret).update('sandbox-identity-provider-webhook').digest('hex');
}

function mac(secret: string, timestampMs: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestampMs}.${body}`).digest('hex');
}

/** `t=<ms>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, like common payment and KYC providers. */
export function signCallback(secret: string, timestampMs: number, body: string): string {
  return `t=${timestampMs},v1=${mac(secret, timestampMs, body)}`;
}

/** True when the header signs this exact body with our key and its time is within the tolerance. */
export function verifyCallbackSignature(secret: string, header: string | undefined, body: string, nowMs: number): boolean {
  if (!header || header.length > 200) return false;
  const match = /^t=(\d{1,16}),v1=([a-f0-9]{64})$/.exec(header);
  if (!match) return false;
  const timestampMs = Number(match[1]);
  if (Math.abs(nowMs - timestampMs) > SIGNATURE_TOLERANCE_MS) return false;
  const expected = Buffer.from(mac(secret, timestampMs, body), 'hex');
  const given = Buffer.from(match[2]!, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
