import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { seedDatabase } from '@sweepstack/db/seed';
import { DEMO_ACCOUNT } from '@sweepstack/db/seeds/0010-auth';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoginToken, loginLink } from '../../auth/login-token';
import { registrationInfo } from '../../auth/registration';
import { ADULT_BIRTHDAY, GOOD_PASSWORD, ManualClock, sessionCookieOf, signUpViaApi } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';

async function playerIdOf(t: TestApp, email: string): Promise<number> {
  const row = await t.database.db.selectFrom('players').select('id').where('email_normalized', '=', email).executeTakeFirstOrThrow();
  return row.id;
}

describe.each(dialectsUnderTest())('SSR handshake and aa login links on %s', (dialect) => {
  let t: TestApp;
  const clock = new ManualClock();
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: true, clock });
    await signUpViaApi(t.app, 'aa@example.com');
  });
  afterAll(async () => {
    await t.close();
  });

  const handle = (query: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url: `/rest/request/handle/?${query}`, headers: { 'x-client-host': 'play.example.com', ...(cookie ? { cookie } : {}) } });

  it('answers authorized false for a guest and true with a session', async () => {
    expect((await handle('path=/')).json()).toEqual({ authorized: false });
    const { cookie } = await signUpViaApi(t.app, 'handshake@example.com');
    expect((await handle('path=/lobby/', cookie)).json()).toEqual({ authorized: true });
  });

  it('signs in with a valid aa token and redirects to the same path without aa, with autologin=true', async () => {
    const token = await createLoginToken(t.app.deps, await playerIdOf(t, 'aa@example.com'));
    const res = await handle(`path=/lobby/&game=lucky-7&aa=${encodeURIComponent(token)}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ authorized: true, redirectUrl: '/lobby/?game=lucky-7&autologin=true' });
    const cookie = sessionCookieOf(res);
    expect(cookie).toBeDefined();
    expect(res.cookies.find((c) => c.name === 'ss_session')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect((await handle('path=/lobby/', `ss_session=${cookie}`)).json()).toEqual({ authorized: true });
  });

  it('refuses a reused aa token with the loginTokenInvalid toast', async () => {
    const token = await createLoginToken(t.app.deps, await playerIdOf(t, 'aa@example.com'));
    expect((await handle(`path=/&aa=${token}`)).json()).toMatchObject({ authorized: true });
    const again = await handle(`path=/&aa=${token}`);
    expect(again.json()).toEqual({ authorized: false, toast: 'loginTokenInvalid' });
    expect(sessionCookieOf(again)).toBeUndefined();
  });

  it('refuses an aa token after 15 minutes, accepts it just before', async () => {
    const id = await playerIdOf(t, 'aa@example.com');
    const late = await createLoginToken(t.app.deps, id);
    const early = await createLoginToken(t.app.deps, id);
    clock.advance(15 * 60 * 1000 - 1);
    expect((await handle(`aa=${early}`)).json()).toMatchObject({ authorized: true, redirectUrl: '/?autologin=true' });
    clock.advance(1);
    expect((await handle(`aa=${late}`)).json()).toEqual({ authorized: false, toast: 'loginTokenInvalid' });
  });

  it('refuses forged tokens and never redirects off-site', async () => {
    expect((await handle('aa=forged')).json()).toEqual({ authorized: false, toast: 'loginTokenInvalid' });
    const token = await createLoginToken(t.app.deps, await playerIdOf(t, 'aa@example.com'));
    expect((await handle(`path=//evil.example/x&aa=${token}`)).json()).toMatchObject({ redirectUrl: '/?autologin=true' });
    const second = await createLoginToken(t.app.deps, await playerIdOf(t, 'aa@example.com'));
    expect((await handle(`path=${encodeURIComponent('/lobby/?x=1#cash')}&aa=${second}`)).json()).toMatchObject({ redirectUrl: '/lobby/?autologin=true' });
    const bad = await handle(`path=${'a'.repeat(3000)}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_FAILED' } });
  });

  it('keeps a referral code from invited_by or refcode in the invited_by cookie', async () => {
    const res = await handle('path=/signup/&refcode=FRIEND42');
    expect(res.cookies.find((c) => c.name === 'invited_by')).toMatchObject({ value: 'FRIEND42', sameSite: 'Lax', path: '/', maxAge: 365 * 24 * 60 * 60 });
    expect((await handle('invited_by=<script>')).cookies.find((c) => c.name === 'invited_by')).toBeUndefined();
  });

  it('builds login links with the aa parameter', () => {
    expect(loginLink('https://play.example.com', 'tok', '/lobby/')).toBe('https://play.example.com/lobby/?aa=tok');
  });
});

describe.each(dialectsUnderTest())('password reset on %s', (dialect) => {
  let t: TestApp;
  const clock = new ManualClock();
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: true, clock });
  });
  afterAll(async () => {
    await t.close();
  });

  async function lastResetToken(email: string): Promise<string> {
    const message = await t.database.db.selectFrom('outbox_messages').selectAll().where('recipient', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(message).toMatchObject({ channel: 'email', status: 'kept' });
    const match = /\/reset\?token=([\w%-]+)/.exec(message.body);
    expect(match).not.toBeNull();
    expect(message.body).toContain(`${t.app.deps.config.publicOrigin}/reset?token=`);
    return decodeURIComponent(match?.[1] ?? '');
  }
  const reset = (email: string) => t.app.inject({ method: 'POST', url: '/rest/auth/reset/', payload: { email } });
  const confirm = (token: string, password: string) => t.app.inject({ method: 'POST', url: '/rest/auth/reset/confirm/', payload: { token, password } });

  it('mails a link, sets the new password, ends every other session and signs in', async () => {
    const { cookie: oldCookie } = await signUpViaApi(t.app, 'reset@example.com');
    expect((await reset('Reset@Example.com')).json()).toEqual({ success: true });
    const token = await lastResetToken('reset@example.com');
    const weak = await confirm(token, 'weak');
    expect(weak.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', fields: { password: expect.any(String) } } });
    const res = await confirm(token, 'Brand-New-Pass-7');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { email: 'reset@example.com' } });
    expect(sessionCookieOf(res)).toBeDefined();
    const stale = await t.app.inject({ method: 'GET', url: '/rest/request/handle/', headers: { cookie: oldCookie } });
    expect(stale.json()).toEqual({ authorized: false });
    const oldPassword = await t.app.inject({ method: 'POST', url: '/rest/auth/signin/', payload: { email: 'reset@example.com', password: GOOD_PASSWORD } });
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await t.app.inject({ method: 'POST', url: '/rest/auth/signin/', payload: { email: 'reset@example.com', password: 'Brand-New-Pass-7' } });
    expect(newPassword.statusCode).toBe(200);
    const reused = await confirm(token, 'Another-Pass-8');
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ error: { code: 'AUTH_RESET_TOKEN_INVALID' } });
  });

  it('answers success for unknown emails and sends nothing', async () => {
    const before = await t.database.db.selectFrom('outbox_messages').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect((await reset('ghost@example.com')).json()).toEqual({ success: true });
    const after = await t.database.db.selectFrom('outbox_messages').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('expires links after an hour and voids older links when a new one is sent', async () => {
    await signUpViaApi(t.app, 'expiry@example.com');
    await reset('expiry@example.com');
    const first = await lastResetToken('expiry@example.com');
    await reset('expiry@example.com');
    const second = await lastResetToken('expiry@example.com');
    expect((await confirm(first, 'Brand-New-Pass-7')).json()).toMatchObject({ error: { code: 'AUTH_RESET_TOKEN_INVALID' } });
    clock.advance(60 * 60 * 1000);
    expect((await confirm(second, 'Brand-New-Pass-7')).json()).toMatchObject({ error: { code: 'AUTH_RESET_TOKEN_INVALID' } });
  });

  it('sends at most 3 reset mails per address per hour', async () => {
    await signUpViaApi(t.app, 'flood@example.com');
    for (let i = 0; i < 5; i += 1) expect((await reset('flood@example.com')).json()).toEqual({ success: true });
    const sent = await t.database.db.selectFrom('outbox_messages').select('id').where('recipient', '=', 'flood@example.com').where('subject', '=', 'Reset your Sweepstack password').execute();
    expect(sent).toHaveLength(3);
  });
});

describe.each(dialectsUnderTest())('captcha on %s', (dialect) => {
  let t: TestApp;
  let provider: Server;
  const seen: string[] = [];
  beforeAll(async () => {
    provider = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen.push(body);
        const params = new URLSearchParams(body);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ success: params.get('secret') === 'sandbox-secret' && params.get('response') === 'human' }));
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const port = (provider.address() as AddressInfo).port;
    t = await createTestApp(dialect, {
      seed: true,
      env: { CAPTCHA_ENABLED: 'true', CAPTCHA_SITE_KEY: 'site', CAPTCHA_SECRET: 'sandbox-secret', CAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify` },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => provider.close(resolve));
  });

  const body = (extra: Record<string, unknown>) => ({ email: 'captcha@example.com', password: GOOD_PASSWORD, birthday: ADULT_BIRTHDAY, acceptedTerms: true, ...extra });

  it('verifies the token server-side on sign-up and sign-in', async () => {
    for (const extra of [{}, { captchaToken: 'robot' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/rest/auth/signup/', payload: body(extra) });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ error: { code: 'AUTH_CAPTCHA_FAILED' } });
    }
    expect((await t.app.inject({ method: 'POST', url: '/rest/auth/signup/', payload: body({ captchaToken: 'human' }) })).statusCode).toBe(200);
    expect(seen.at(-1)).toContain('remoteip=');
    const refused = await t.app.inject({ method: 'POST', url: '/rest/auth/signin/', payload: { email: 'captcha@example.com', password: GOOD_PASSWORD, captchaToken: 'robot' } });
    expect(refused.json()).toMatchObject({ error: { code: 'AUTH_CAPTCHA_FAILED' } });
    const ok = await t.app.inject({ method: 'POST', url: '/rest/auth/signin/', payload: { email: 'captcha@example.com', password: GOOD_PASSWORD, captchaToken: 'human' } });
    expect(ok.statusCode).toBe(200);
  });
});

describe.each(dialectsUnderTest())('closed funnel, dev outbox and demo seed on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // devTools: the /dev/outbox page, as under `npm run dev`.
    t = await createTestApp(dialect, { seed: true, devTools: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('leaves a closed-funnel sign-up incomplete until display name and phone are given', async () => {
    const { cookie, uuid } = await signUpViaApi(t.app, 'funnel@example.com', { registrationSource: 'closed_funnel', trafficSource: 'partner-x' });
    const row = await t.database.db.selectFrom('players').selectAll().where('uuid', '=', uuid).executeTakeFirstOrThrow();
    expect(registrationInfo(row)).toEqual({ complete: false, registrationFunnel: { funnelType: 'closed_funnel' } });
    const complete = (payload: unknown, c: string | null = cookie) =>
      t.app.inject({ method: 'POST', url: '/rest/player/registration/complete/', payload: payload as object, ...(c ? { headers: { cookie: c } } : {}) });
    expect((await complete({ login: 'Lucky Star' }, null)).json()).toMatchObject({ error: { code: 'AUTH_REQUIRED' } });
    const missing = await complete({ login: 'Lucky Star' });
    expect(missing.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', fields: { phone: 'Required' } } });
    const invalid = await complete({ login: 'x', phone: '12345' });
    expect(Object.keys(invalid.json().error.fields).sort()).toEqual(['login', 'phone']);
    expect((await complete({ login: 'Lucky Star', phone: '+15551234567', extra: 1 })).statusCode).toBe(400);
    const done = await complete({ login: 'Lucky Star', phone: '+15551234567' });
    expect(done.json()).toEqual({ success: true, data: { complete: true, registrationFunnel: { funnelType: 'closed_funnel' } } });
    const after = await t.database.db.selectFrom('players').selectAll().where('uuid', '=', uuid).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ login: 'Lucky Star', phone: '+15551234567', phone_confirmed: 0, registration_complete: 1 });
  });

  it('lists the outbox on /dev/outbox as escaped HTML', async () => {
    await signUpViaApi(t.app, 'outbox@example.com');
    await t.app.inject({ method: 'POST', url: '/rest/auth/reset/', payload: { email: 'outbox@example.com' } });
    const res = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('outbox@example.com');
    expect(res.body).toContain('Reset your Sweepstack password');
  });

  it('seeds the demo account (demo option only), who can sign in with terms confirmed', async () => {
    expect(await t.database.db.selectFrom('players').select('id').where('email_normalized', '=', DEMO_ACCOUNT.email).executeTakeFirst()).toBeUndefined();
    await seedDatabase(t.database.db, { theme: 'nlc', demo: true });
    await seedDatabase(t.database.db, { theme: 'nlc', demo: true });
    const res = await t.app.inject({ method: 'POST', url: '/rest/auth/signin/', payload: { email: 'demo@sweepstack.local', password: 'Demo-Player-2026' } });
    expect(res.statusCode).toBe(200);
    const cookie = `ss_session=${sessionCookieOf(res)}`;
    expect((await t.app.inject({ method: 'GET', url: '/rest/terms/unconfirmed/', headers: { cookie } })).json()).toEqual({ success: true, data: [] });
  });
});

describe.each(dialectsUnderTest())('dev outbox without npm run dev on %s', (dialect) => {
  it('is not served, in production or in development mode', async () => {
    for (const NODE_ENV of ['production', 'development']) {
      const t = await createTestApp(dialect, { env: { NODE_ENV } });
      try {
        const res = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
        expect(res.statusCode, NODE_ENV).toBe(404);
      } finally {
        await t.close();
      }
    }
  });
});
