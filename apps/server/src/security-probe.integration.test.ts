import { ZErrorResponse } from '@sweepstack/contracts/envelope';
import { expectLedgerBalanced } from '@sweepstack/testkit/ledger-invariants';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile } from './kyc/testing';
import { sandboxWebhookSecret } from './payments/sandbox-provider/secret';
import { SIGNATURE_HEADER, signatureHeader } from './payments/sandbox-provider/signature';
import { signUpViaApi } from './testing/auth-helpers';
import { createTestApp, type TestApp } from './testing/test-app';

/**
 * The defects an outside security and crash probe found (issue 16), each as it was reproduced:
 * every one of these answered 500 (or, for logout, 200) before its fix.
 */
describe.each(dialectsUnderTest())('what the outside probe found, on %s', (dialect) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: true });
    cookie = (await signUpViaApi(t.app, `probe.${dialect}@example.com`)).cookie;
  });
  afterAll(async () => {
    await t.close();
  });

  const expectRefused = (res: { statusCode: number; body: string }, code: string) => {
    expect(res.statusCode, res.body).toBeLessThan(500);
    expect(ZErrorResponse.safeParse(JSON.parse(res.body)).success, res.body).toBe(true);
    expect(JSON.parse(res.body), res.body).toMatchObject({ error: { code } });
  };

  it('refuses a NUL or other control character in any string that would reach the database, with VALIDATION_FAILED', async () => {
    const gameId = Number((await t.database.db.selectFrom('games').select('id').orderBy('id').executeTakeFirstOrThrow()).id);
    const nul = 'a\u0000b';
    const requests: InjectOptions[] = [
      { method: 'POST', url: '/api/operator/sign-in/', payload: { email: `x${nul}@example.com`, password: 'whatever-password' } },
      { method: 'POST', url: `/rest/game/${gameId}/spin/`, headers: { cookie }, payload: { session: nul, bet: 1, idempotencyKey: 'probe-key-0001' } },
      { method: 'POST', url: '/rest/game-session/a%00b/close/', headers: { cookie }, payload: {} },
      { method: 'GET', url: '/rest/cash/payments/a%00b/', headers: { cookie } },
      { method: 'POST', url: '/rest/cash/deposit/', headers: { cookie }, payload: { presetId: `gc${nul}`, methodId: 'apple_pay', idempotencyKey: 'probe-key-0002' } },
      { method: 'GET', url: '/rest/player/transactions/?cursor=a%01b', headers: { cookie } },
      { method: 'POST', url: '/rest/auth/signin/', payload: { email: 'a\u001b[31m@example.com', password: 'x\u007fy' } },
    ];
    for (const request of requests) {
      const res = await t.app.inject(request);
      expectRefused(res, 'VALIDATION_FAILED');
    }
    const body = JSON.stringify({ id: 'evt_probe', type: 'payment.succeeded', data: { reference: nul } });
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/rest/cash/webhook/sandbox/',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signatureHeader(sandboxWebhookSecret(t.app.deps.config), Math.floor(Date.now() / 1000), body) },
      payload: body,
    });
    expectRefused(webhook, 'VALIDATION_FAILED');
    // Tabs and line breaks stay allowed: text may hold them.
    const reset = await t.app.inject({ method: 'POST', url: '/rest/auth/reset/', payload: { email: 'line\nbreak@example.com' } });
    expect(reset.statusCode, reset.body).toBeLessThan(500);
    await expectLedgerBalanced(t.database.db);
  });

  it('rotates the server seed and changes the client seed ten times at once without a 500, leaving one active seed', async () => {
    const { cookie: own } = await signUpViaApi(t.app, `seeds.${dialect}@example.com`);
    const first = (await t.app.inject({ method: 'GET', url: '/rest/fairness/seeds/', headers: { cookie: own } })).json() as { data: { serverSeedHash: string } };
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => t.app.inject({ method: 'POST', url: '/rest/fairness/rotate/', headers: { cookie: own }, payload: {} })),
      ...Array.from({ length: 10 }, (_, i) => t.app.inject({ method: 'POST', url: '/rest/fairness/client-seed/', headers: { cookie: own }, payload: { clientSeed: `probe-seed-${i}` } })),
    ]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const revealed = answers.map((res) => (res.json() as { data: { revealed: { serverSeedHash: string }; current: { serverSeedHash: string } } }).data);
    // The rotations formed one chain: each revealed a different seed, the first one of them the seed before.
    expect(new Set(revealed.map((r) => r.revealed.serverSeedHash)).size).toBe(20);
    expect(revealed.map((r) => r.revealed.serverSeedHash)).toContain(first.data.serverSeedHash);
    const playerId = (await t.database.db.selectFrom('players').select('id').where('email_normalized', '=', `seeds.${dialect}@example.com`).executeTakeFirstOrThrow()).id;
    const seeds = await t.database.db.selectFrom('fairness_seeds').select(['status']).where('player_id', '=', playerId).execute();
    expect(seeds.filter((s) => s.status === 'active')).toHaveLength(1);
    expect(seeds.filter((s) => s.status === 'revealed')).toHaveLength(20);
  });

  it('answers malformed multipart on document upload with MALFORMED_REQUEST', async () => {
    const malformed: Array<{ type: string; body: string }> = [
      { type: 'multipart/form-data', body: 'abc' },
      { type: 'multipart/form-data; boundary=XyZ', body: '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc' },
      { type: `multipart/form-data; boundary=${'b'.repeat(300)}`, body: 'abc' },
    ];
    for (const { type, body } of malformed) {
      const res = await t.app.inject({ method: 'POST', url: '/rest/player/documents/', headers: { cookie, 'content-type': type }, payload: body });
      expectRefused(res, 'MALFORMED_REQUEST');
    }
    // Headers of a part cut off before its body: no file was sent.
    const cut = '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n';
    const res = await t.app.inject({ method: 'POST', url: '/rest/player/documents/', headers: { cookie, 'content-type': 'multipart/form-data; boundary=XyZ' }, payload: cut });
    expectRefused(res, 'VALIDATION_FAILED');
  });

  it('refuses a cross-site GET /rest/logout/ (a link on another site must not sign the player out)', async () => {
    const { cookie: own } = await signUpViaApi(t.app, `logout.${dialect}@example.com`);
    const crossSite = await t.app.inject({ method: 'GET', url: '/rest/logout/', headers: { cookie: own, 'sec-fetch-site': 'cross-site' } });
    expectRefused(crossSite, 'ORIGIN_FORBIDDEN');
    const stillSignedIn = await t.app.inject({ method: 'GET', url: '/rest/fairness/seeds/', headers: { cookie: own } });
    expect(stillSignedIn.statusCode).toBe(200);
    const sameOrigin = await t.app.inject({ method: 'GET', url: '/rest/logout/', headers: { cookie: own, 'sec-fetch-site': 'same-origin' } });
    expect(sameOrigin.statusCode).toBe(200);
  });
});

describe.each(dialectsUnderTest())('what the probe could not exploit but should not stand, on %s', (dialect) => {
  it('compares Origin with PUBLIC_URL, never with the request\'s own Host', async () => {
    const t = await createTestApp(dialect, { env: { PUBLIC_URL: 'https://play.example.com' } });
    try {
      const call = (origin: string, host: string) =>
        t.app.inject({ method: 'POST', url: '/rest/auth/reset/', headers: { origin, host }, payload: { email: 'someone@example.com' } });
      const forged = await call('http://evil.example', 'evil.example');
      expect(forged.statusCode, forged.body).toBe(403);
      expect(forged.json()).toMatchObject({ error: { code: 'ORIGIN_FORBIDDEN' } });
      // With PUBLIC_URL set, the loopback origins of a local run are not the site either.
      expect((await call('http://localhost:3000', 'localhost:3000')).statusCode).toBe(403);
      expect((await call('https://play.example.com', 'evil.example')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('re-checks uploaded documents by content: a PNG header followed by HTML and a PDF with JavaScript are refused with the document error', async () => {
    const t = await createTestApp(dialect);
    try {
      const { cookie } = await signUpViaApi(t.app, `polyglot.${dialect}@example.com`);
      const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>')]);
      const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\n%%EOF\n');
      for (const [name, type, bytes] of [['id.png', 'image/png', png], ['id.pdf', 'application/pdf', pdf]] as const) {
        const res = await t.app.inject({ method: 'POST', url: '/rest/player/documents/', ...withCookie(multipartFile(name, type, bytes), cookie) });
        expect(res.statusCode, res.body).toBe(422);
        expect(res.json()).toMatchObject({ error: { code: 'KYC_DOCUMENT_REJECTED', message: 'Document rejected' } });
      }
      expect(await t.database.db.selectFrom('player_documents').selectAll().execute()).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('with TRUST_PROXY takes the client address one hop from the right of X-Forwarded-For: forged entries do not escape the per-IP sign-in limit', async () => {
    const t = await createTestApp(dialect, { env: { TRUST_PROXY: 'true' } });
    try {
      const codes: string[] = [];
      for (let i = 0; i < 25; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/rest/auth/signin/',
          headers: { 'x-forwarded-for': `10.9.${i}.1, 203.0.113.7` },
          payload: { email: `nobody${i}@example.com`, password: 'wrong-password-1' },
        });
        codes.push((res.json() as { error: { code: string } }).error.code);
      }
      expect(codes).toContain('AUTH_LOGIN_THROTTLED');
      // Another client behind the same proxy is still let through.
      const other = await t.app.inject({ method: 'POST', url: '/rest/auth/signin/', headers: { 'x-forwarded-for': '203.0.113.8' }, payload: { email: 'nobody@example.com', password: 'wrong-password-1' } });
      expect(other.json(), other.body).toMatchObject({ error: { code: 'AUTH_INVALID_CREDENTIALS' } });
    } finally {
      await t.close();
    }
  });
});

function withCookie(upload: { payload: Buffer; headers: Record<string, string> }, cookie: string) {
  return { payload: upload.payload, headers: { ...upload.headers, cookie } };
}
