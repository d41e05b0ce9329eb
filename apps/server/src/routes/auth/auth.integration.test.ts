import { randomInt, randomUUID } from 'node:crypto';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADULT_BIRTHDAY, GOOD_PASSWORD, ManualClock, sessionCookieOf, signUpViaApi } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe.each(dialectsUnderTest())('sign-up, sign-in, logout on %s', (dialect) => {
  let t: TestApp;
  const clock = new ManualClock();
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: true, clock });
  });
  afterAll(async () => {
    await t.close();
  });

  const signup = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/rest/auth/signup/', payload: payload as object, headers });
  const signin = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/rest/auth/signin/', payload: payload as object, headers });

  it('signs up, sets an HttpOnly SameSite=Lax session cookie (not Secure on http), confirms the terms', async () => {
    const res = await signup({ email: '  New.Player@Example.com ', password: GOOD_PASSWORD, birthday: ADULT_BIRTHDAY, acceptedTerms: true, referralCode: 'FRIEND42' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, data: { email: 'New.Player@Example.com', login: expect.stringMatching(/^Player\d{6}$/) } });
    expect(body.data.uuid).toMatch(/^[0-9a-f-]{36}$/);
    const cookie = res.cookies.find((c) => c.name === 'ss_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 30 * 24 * 3600 });
    expect(cookie?.secure).toBeFalsy();
    const row = await t.database.db.selectFrom('players').selectAll().where('uuid', '=', body.data.uuid).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email_normalized: 'new.player@example.com', invited_by_code: 'FRIEND42', registration_complete: 1, funnel_type: 'standard', game_mode: 'TournamentPoints', account_status: 'ACTIVE' });
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    const session = await t.database.db.selectFrom('sessions').selectAll().where('player_id', '=', row.id).executeTakeFirstOrThrow();
    expect(session.token_hash).not.toBe(cookie?.value);
    expect(session.token_hash).toMatch(/^[0-9a-f]{64}$/);
    const unconfirmed = await t.app.inject({ method: 'GET', url: '/rest/terms/unconfirmed/', headers: { cookie: `ss_session=${cookie?.value}` } });
    expect(unconfirmed.json()).toEqual({ success: true, data: [] });
  });

  it('refuses a duplicate email, case-insensitively', async () => {
    await signUpViaApi(t.app, 'dup@example.com');
    const res = await signup({ email: 'DUP@example.com', password: GOOD_PASSWORD, birthday: ADULT_BIRTHDAY, acceptedTerms: true });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'AUTH_EMAIL_TAKEN' } });
  });

  it('lets exactly one of two simultaneous sign-ups with one email through', async () => {
    const body = { email: 'race@example.com', password: GOOD_PASSWORD, birthday: ADULT_BIRTHDAY, acceptedTerms: true };
    const results = await Promise.all([signup(body), signup({ ...body, email: 'RACE@example.com' }), signup(body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json()).toMatchObject({ error: { code: 'AUTH_EMAIL_TAKEN' } });
      expect(r.cookies.find((c) => c.name === 'ss_session')).toBeUndefined();
    }
  });

  it('refuses underage sign-ups by the operator minimum (21 by default), to the day', async () => {
    const now = new Date(clock.nowMs());
    const y = now.getUTCFullYear() - 21;
    const pad = (n: number) => String(n).padStart(2, '0');
    const tomorrow = new Date(Date.UTC(y, now.getUTCMonth(), now.getUTCDate() + 1));
    const birthdayTomorrow = `${tomorrow.getUTCFullYear()}-${pad(tomorrow.getUTCMonth() + 1)}-${pad(tomorrow.getUTCDate())}`;
    const res = await signup({ email: 'young@example.com', password: GOOD_PASSWORD, birthday: birthdayTomorrow, acceptedTerms: true });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: { code: 'AUTH_UNDERAGE' } });
    const today = `${y}-${pad(now.getUTCMonth() + 1)}-${pad(now.getUTCDate())}`;
    expect((await signup({ email: 'young@example.com', password: GOOD_PASSWORD, birthday: today, acceptedTerms: true })).statusCode).toBe(200);
    await t.database.db.updateTable('settings').set({ value_json: '25' }).where('key', '=', 'auth.minimum_age_years').execute();
    const older = await signup({ email: 'mid@example.com', password: GOOD_PASSWORD, birthday: `${y - 2}-01-01`, acceptedTerms: true });
    expect(older.json()).toMatchObject({ error: { code: 'AUTH_UNDERAGE' } });
    await t.database.db.updateTable('settings').set({ value_json: '21' }).where('key', '=', 'auth.minimum_age_years').execute();
  });

  it('refuses weak passwords, impossible birthdays and unaccepted terms, writing nothing', async () => {
    const before = await t.database.db.selectFrom('players').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    for (const password of ['short1', 'onlyletters', '1234567890', 'a1'.repeat(65)]) {
      const res = await signup({ email: 'weak@example.com', password, birthday: ADULT_BIRTHDAY, acceptedTerms: true });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', fields: { password: expect.any(String) } } });
    }
    const badDate = await signup({ email: 'weak@example.com', password: GOOD_PASSWORD, birthday: '1990-02-30', acceptedTerms: true });
    expect(badDate.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', fields: { birthday: expect.any(String) } } });
    const terms = await signup({ email: 'weak@example.com', password: GOOD_PASSWORD, birthday: ADULT_BIRTHDAY, acceptedTerms: false });
    expect(terms.statusCode).toBe(422);
    expect(terms.json()).toMatchObject({ error: { code: 'AUTH_TERMS_NOT_ACCEPTED' } });
    const after = await t.database.db.selectFrom('players').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('answers bad input with 400 VALIDATION_FAILED or MALFORMED_REQUEST, never 5xx', async () => {
    const cases: Array<{ url: string; payload?: string; contentType?: string; code: string }> = [
      { url: '/rest/auth/signup/', payload: '{}', code: 'VALIDATION_FAILED' },
      { url: '/rest/auth/signup/', payload: JSON.stringify({ email: 5, password: [], birthday: null, acceptedTerms: 'yes' }), code: 'VALIDATION_FAILED' },
      { url: '/rest/auth/signup/', payload: JSON.stringify({ email: 'a@b.co', password: GOOD_PASSWORD, birthday: ADULT_BIRTHDAY, acceptedTerms: true, isAdmin: true }), code: 'VALIDATION_FAILED' },
      { url: '/rest/auth/signup/', payload: JSON.stringify({ email: `${'x'.repeat(5000)}@b.co`, password: GOOD_PASSWORD, birthday: ADULT_BIRTHDAY, acceptedTerms: true }), code: 'VALIDATION_FAILED' },
      { url: '/rest/auth/signin/', payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(10_000) }), code: 'VALIDATION_FAILED' },
      { url: '/rest/auth/signin/', payload: '{"email":', code: 'MALFORMED_REQUEST' },
      { url: '/rest/auth/signin/', payload: '[]', code: 'VALIDATION_FAILED' },
      { url: '/rest/auth/reset/', payload: JSON.stringify({}), code: 'VALIDATION_FAILED' },
      // PostgreSQL cannot store NUL: it must be a 400 at the edge, not a 500 from the query.
      { url: '/rest/auth/reset/', payload: JSON.stringify({ email: '\u0000' }), code: 'VALIDATION_FAILED' },
      { url: '/rest/auth/signin/', payload: JSON.stringify({ email: 'a\u0000@b.co', password: 'x' }), code: 'VALIDATION_FAILED' },
      { url: '/rest/auth/reset/confirm/', payload: JSON.stringify({ token: 7, password: GOOD_PASSWORD }), code: 'VALIDATION_FAILED' },
    ];
    for (const c of cases) {
      const res = await t.app.inject({ method: 'POST', url: c.url, payload: c.payload, headers: { 'content-type': c.contentType ?? 'application/json' } });
      expect(res.statusCode, `${c.url} ${c.payload?.slice(0, 60)}`).toBe(400);
      expect(res.json()).toMatchObject({ success: false, error: { code: c.code } });
    }
    const unknownField = await signup({ email: 'a@b.co', password: GOOD_PASSWORD, birthday: ADULT_BIRTHDAY, acceptedTerms: true, isAdmin: true });
    expect(unknownField.json().error.fields).toEqual({ isAdmin: 'Unknown field' });
  });

  it('signs in with the right password (any email case) and refuses a wrong one', async () => {
    await signUpViaApi(t.app, 'signin@example.com');
    const ok = await signin({ email: 'SignIn@Example.com', password: GOOD_PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, data: { email: 'signin@example.com' } });
    expect(sessionCookieOf(ok)).toBeDefined();
    const wrong = await signin({ email: 'signin@example.com', password: 'Wrong-Password-1' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: { code: 'AUTH_INVALID_CREDENTIALS' } });
    expect(sessionCookieOf(wrong)).toBeUndefined();
    const unknown = await signin({ email: 'nobody@example.com', password: 'Wrong-Password-1' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('throttles an account after 5 failures in 15 minutes, even with the right password, then lets it in again', async () => {
    await signUpViaApi(t.app, 'throttle@example.com');
    const headers = { 'x-forwarded-for': '203.0.113.9' };
    for (let i = 0; i < 5; i += 1) {
      expect((await signin({ email: 'throttle@example.com', password: `Wrong-${i}-pass` }, headers)).statusCode).toBe(401);
    }
    const blocked = await signin({ email: 'throttle@example.com', password: GOOD_PASSWORD }, headers);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ error: { code: 'AUTH_LOGIN_THROTTLED' } });
    clock.advance(15 * 60 * 1000 + 1);
    expect((await signin({ email: 'throttle@example.com', password: GOOD_PASSWORD }, headers)).statusCode).toBe(200);
  });

  it('throttles an IP after 20 failures over any accounts', async () => {
    const ipApp = await createTestApp(dialect, { seed: true, clock: new ManualClock(), env: { TRUST_PROXY: 'true' } });
    try {
      const headers = { 'x-forwarded-for': '198.51.100.7' };
      for (let i = 0; i < 20; i += 1) {
        const res = await ipApp.app.inject({ method: 'POST', url: '/rest/auth/signin/', payload: { email: `user${i}@example.com`, password: 'Wrong-pass-1' }, headers });
        expect(res.statusCode).toBe(401);
      }
      const res = await ipApp.app.inject({ method: 'POST', url: '/rest/auth/signin/', payload: { email: 'fresh@example.com', password: 'Wrong-pass-1' }, headers });
      expect(res.json()).toMatchObject({ error: { code: 'AUTH_LOGIN_THROTTLED' } });
      const other = await ipApp.app.inject({ method: 'POST', url: '/rest/auth/signin/', payload: { email: 'fresh@example.com', password: 'Wrong-pass-1' }, headers: { 'x-forwarded-for': '198.51.100.8' } });
      expect(other.json()).toMatchObject({ error: { code: 'AUTH_INVALID_CREDENTIALS' } });
    } finally {
      await ipApp.close();
    }
  });

  it('refuses sign-in to a blocked account and ignores its sessions', async () => {
    const { cookie, uuid } = await signUpViaApi(t.app, 'blocked@example.com');
    await t.database.db.updateTable('players').set({ account_status: 'BLOCKED' }).where('uuid', '=', uuid).execute();
    const res = await signin({ email: 'blocked@example.com', password: GOOD_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: { code: 'AUTH_ACCOUNT_BLOCKED' } });
    const handle = await t.app.inject({ method: 'GET', url: '/rest/request/handle/?path=/lobby/', headers: { cookie } });
    expect(handle.json()).toEqual({ authorized: false });
  });

  it('logs out: deletes the session and clears the cookie', async () => {
    const { cookie } = await signUpViaApi(t.app, 'logout@example.com');
    expect((await t.app.inject({ method: 'GET', url: '/rest/request/handle/', headers: { cookie } })).json()).toEqual({ authorized: true });
    const out = await t.app.inject({ method: 'GET', url: '/rest/logout/', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true });
    const cleared = out.cookies.find((c) => c.name === 'ss_session');
    expect(cleared?.value).toBe('');
    expect((await t.app.inject({ method: 'GET', url: '/rest/request/handle/', headers: { cookie } })).json()).toEqual({ authorized: false });
    expect((await t.app.inject({ method: 'GET', url: '/rest/logout/' })).json()).toEqual({ success: true });
  });

  it('keeps a session alive for 30 days after its last use (rolling), then ends it', async () => {
    const { cookie } = await signUpViaApi(t.app, 'rolling@example.com');
    clock.advance(20 * 24 * 3600 * 1000);
    const touched = await t.app.inject({ method: 'GET', url: '/rest/request/handle/', headers: { cookie } });
    expect(touched.json()).toEqual({ authorized: true });
    expect(touched.cookies.find((c) => c.name === 'ss_session')).toMatchObject({ maxAge: 30 * 24 * 3600, httpOnly: true });
    clock.advance(20 * 24 * 3600 * 1000);
    expect((await t.app.inject({ method: 'GET', url: '/rest/request/handle/', headers: { cookie } })).json()).toEqual({ authorized: true });
    clock.advance(31 * 24 * 3600 * 1000);
    const expired = await t.app.inject({ method: 'GET', url: '/rest/request/handle/', headers: { cookie } });
    expect(expired.json()).toEqual({ authorized: false });
    expect(expired.cookies.find((c) => c.name === 'ss_session')?.value).toBe('');
  });

  it('ignores forged and oversized session cookies', async () => {
    for (const value of ['forged', 'x'.repeat(300), '']) {
      const res = await t.app.inject({ method: 'GET', url: '/rest/request/handle/', headers: { cookie: `ss_session=${value}` } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ authorized: false });
    }
  });

  it('refuses state-changing auth calls from another origin, accepts same-origin', async () => {
    const payload = { email: 'origin@example.com', password: GOOD_PASSWORD };
    for (const url of ['/rest/auth/signin/', '/rest/auth/signup/', '/rest/auth/reset/', '/rest/otp/send/', '/rest/terms/confirm/']) {
      const res = await t.app.inject({ method: 'POST', url, payload, headers: { origin: 'https://evil.example' } });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ error: { code: 'ORIGIN_FORBIDDEN' } });
    }
    const same = await signin(payload, { origin: t.app.deps.config.publicOrigin });
    expect(same.json()).toMatchObject({ error: { code: 'AUTH_INVALID_CREDENTIALS' } });
  });
});

describe.each(dialectsUnderTest())('sign-in throttling in Redis (%s)', (dialect) => {
  it('counts failures in Redis when REDIS_URL is set', async () => {
    const t = await createTestApp(dialect, { seed: true, env: { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', TRUST_PROXY: 'true' } });
    // Redis is shared by every test run: a run-unique account and IP keep the counts apart.
    const ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const headers = { 'x-forwarded-for': ip };
    const email = `redis-${randomUUID()}@example.com`;
    try {
      await signUpViaApi(t.app, email);
      for (let i = 0; i < 5; i += 1) {
        expect((await t.app.inject({ method: 'POST', url: '/rest/auth/signin/', payload: { email, password: 'Wrong-pass-1' }, headers })).statusCode).toBe(401);
      }
      const res = await t.app.inject({ method: 'POST', url: '/rest/auth/signin/', payload: { email, password: GOOD_PASSWORD }, headers });
      expect(res.json()).toMatchObject({ error: { code: 'AUTH_LOGIN_THROTTLED' } });
      const rows = await t.database.db.selectFrom('auth_throttle_events').select('id').execute();
      expect(rows).toHaveLength(0);
    } finally {
      await t.app.deps.redis?.del(`sweepstack-auth:login:account:${email}`, `sweepstack-auth:login:ip:${ip}`);
      await t.close();
    }
  });
});

describe.each(dialectsUnderTest())('session cookie on an https site (%s)', (dialect) => {
  it('is Secure when PUBLIC_URL is https', async () => {
    const t = await createTestApp(dialect, { seed: true, env: { PUBLIC_URL: 'https://play.example.com' } });
    try {
      const { res } = await signUpViaApi(t.app, 'secure@example.com');
      expect(res.cookies.find((c) => c.name === 'ss_session')).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
    } finally {
      await t.close();
    }
  });
});
