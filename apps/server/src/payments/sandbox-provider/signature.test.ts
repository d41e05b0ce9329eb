import { describe, expect, it } from 'vitest';
import { deliveryBackoffMs } from './provider';
import { signatureHeader, verifySignature } from './signature';

const SECRET = 'a'.repeat(64);
const NOW = 1_780_000_000_000;
const T = Math.floor(NOW / 1000);

describe('webhook signatures', () => {
  it('accepts a body signed with the secret within 5 minutes', () => {
    expect(verifySignature(SECRET, signatureHeader(SECRET, T, '{"a":1}'), '{"a":1}', NOW)).toEqual({ ok: true, timestampSeconds: T });
    expect(verifySignature(SECRET, signatureHeader(SECRET, T - 300, '{}'), '{}', NOW).ok).toBe(true);
  });

  it('refuses another secret, another body, a missing or malformed header', () => {
    expect(verifySignature(SECRET, signatureHeader('b'.repeat(64), T, '{}'), '{}', NOW)).toEqual({ ok: false, reason: 'signature' });
    expect(verifySignature(SECRET, signatureHeader(SECRET, T, '{"a":1}'), '{"a":2}', NOW)).toEqual({ ok: false, reason: 'signature' });
    expect(verifySignature(SECRET, undefined, '{}', NOW)).toEqual({ ok: false, reason: 'signature' });
    expect(verifySignature(SECRET, 'garbage', '{}', NOW)).toEqual({ ok: false, reason: 'signature' });
    expect(verifySignature(SECRET, `t=${T}`, '{}', NOW)).toEqual({ ok: false, reason: 'signature' });
    // The timestamp is signed: moving it breaks the signature.
    const header = signatureHeader(SECRET, T - 1000, '{}').replace(`t=${T - 1000}`, `t=${T}`);
    expect(verifySignature(SECRET, header, '{}', NOW)).toEqual({ ok: false, reason: 'signature' });
  });

  it('refuses a replay outside the tolerance, past or future', () => {
    expect(verifySignature(SECRET, signatureHeader(SECRET, T - 301, '{}'), '{}', NOW)).toEqual({ ok: false, reason: 'timestamp' });
    expect(verifySignature(SECRET, signatureHeader(SECRET, T + 301, '{}'), '{}', NOW)).toEqual({ ok: false, reason: 'timestamp' });
  });

  it('backs off 1 s, 2 s, 4 s … up to one hour', () => {
    expect([1, 2, 3, 4].map(deliveryBackoffMs)).toEqual([1000, 2000, 4000, 8000]);
    expect(deliveryBackoffMs(30)).toBe(3_600_000);
  });
});
