import { ZErrorResponse } from '@sweepstack/contracts/envelope';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpViaApi } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';

const ENDPOINTS: Array<{ url: string; keys: string[] }> = [
  { url: '/rest/auth/signup/', keys: ['email', 'password', 'birthday', 'acceptedTerms', 'referralCode', 'captchaToken', 'registrationSource', 'trafficSource'] },
  { url: '/rest/auth/signin/', keys: ['email', 'password', 'captchaToken'] },
  { url: '/rest/auth/reset/', keys: ['email'] },
  { url: '/rest/auth/reset/confirm/', keys: ['token', 'password'] },
  { url: '/rest/player/registration/complete/', keys: ['login', 'phone'] },
  { url: '/rest/otp/get-flow/', keys: ['registration_source', 'traffic_source'] },
  { url: '/rest/otp/send/', keys: ['type'] },
  { url: '/rest/otp/verify/', keys: ['type', 'code'] },
  { url: '/rest/terms/log/', keys: ['ids'] },
  { url: '/rest/terms/confirm/', keys: ['ids'] },
];

/** Values that look almost right as often as they look wrong: where validation bugs hide. */
const value = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom('a@b.co', 'Demo@Sweepstack.local', '1990-01-01', '2020-02-30', 'Lucky-Spin-42', 'email', 'phone', 'closed_funnel', '+15551234567', '000000', true, false, 0, -1, 1e308, '', ' ', '\u0000', 'x'.repeat(300)),
  fc.array(fc.integer({ min: -5, max: 10 }), { maxLength: 5 }),
  fc.string({ maxLength: 300 }),
);

function bodyFor(keys: string[]): fc.Arbitrary<unknown> {
  const shaped = fc.record(Object.fromEntries(keys.map((k) => [k, value])), { requiredKeys: [] });
  const withExtra = fc.tuple(shaped, fc.dictionary(fc.string({ maxLength: 10 }), value, { maxKeys: 2 })).map(([a, b]) => ({ ...b, ...a }));
  return fc.oneof(fc.jsonValue({ maxDepth: 3 }), shaped, withExtra);
}

describe.each(dialectsUnderTest())('auth endpoints under arbitrary JSON on %s', (dialect) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: true });
    cookie = (await signUpViaApi(t.app, 'fuzz@example.com')).cookie;
  });
  afterAll(async () => {
    await t.close();
  });

  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.url} never answers 5xx and always uses the envelope`, async () => {
      await fc.assert(
        fc.asyncProperty(bodyFor(endpoint.keys), fc.boolean(), async (body, signedIn) => {
          const res = await t.app.inject({
            method: 'POST',
            url: endpoint.url,
            headers: { 'content-type': 'application/json', ...(signedIn ? { cookie } : {}) },
            payload: JSON.stringify(body) ?? 'null',
          });
          expect(res.statusCode, res.body).toBeLessThan(500);
          const json = res.json() as { success?: unknown };
          if (res.statusCode >= 400) expect(ZErrorResponse.safeParse(json).success, res.body).toBe(true);
          else expect(json.success).toBe(true);
        }),
        { numRuns: 200 },
      );
    });
  }

  it('GET /rest/request/handle/ never answers 5xx for arbitrary query strings', async () => {
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.constantFrom('path', 'aa', 'invited_by', 'refcode', 'game', 'x'), fc.oneof(fc.string({ maxLength: 80 }), fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }))), async (query) => {
        const params = new URLSearchParams();
        for (const [k, v] of Object.entries(query)) for (const item of Array.isArray(v) ? v : [v]) params.append(k, item);
        const res = await t.app.inject({ method: 'GET', url: `/rest/request/handle/?${params.toString()}` });
        expect(res.statusCode, res.body).toBeLessThan(500);
        const json = res.json() as { authorized?: unknown };
        if (res.statusCode >= 400) expect(ZErrorResponse.safeParse(json).success).toBe(true);
        else expect(typeof json.authorized).toBe('boolean');
      }),
      { numRuns: 200 },
    );
  });
});
