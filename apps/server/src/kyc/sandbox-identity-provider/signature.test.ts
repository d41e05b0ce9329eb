import { describe, expect, it } from 'vitest';
import { sandboxScenarioFor } from './scenarios';
import { signCallback, verifyCallbackSignature, webhookSecretOf } from './signature';

const secret = webhookSecretOf('a-session-secret-a-session-secret-0000');

describe('identity callback signatures', () => {
  it('accepts its own signature within five minutes, for the exact body only', () => {
    const now = 1_800_000_000_000;
    const header = signCallback(secret, now, '{"a":1}');
    expect(verifyCallbackSignature(secret, header, '{"a":1}', now + 299_000)).toBe(true);
    expect(verifyCallbackSignature(secret, header, '{"a":1}', now + 301_000)).toBe(false);
    expect(verifyCallbackSignature(secret, header, '{"a":2}', now)).toBe(false);
    expect(verifyCallbackSignature(webhookSecretOf('another-secret-another-secret-000000'), header, '{"a":1}', now)).toBe(false);
    expect(verifyCallbackSignature(secret, undefined, '{"a":1}', now)).toBe(false);
    expect(verifyCallbackSignature(secret, header.replace('v1=', 'v2='), '{"a":1}', now)).toBe(false);
  });
});

describe('sandbox scenarios', () => {
  it('follow the test marker, else the surname, else approve', () => {
    expect(sandboxScenarioFor('Duplicate', undefined)).toBe('duplicate');
    expect(sandboxScenarioFor('apple-pay', undefined)).toBe('apple_pay');
    expect(sandboxScenarioFor("O'Reject", undefined)).toBe('approve');
    expect(sandboxScenarioFor('Reject', 'survey')).toBe('survey');
    expect(sandboxScenarioFor(null, undefined)).toBe('approve');
  });
});
