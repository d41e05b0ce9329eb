import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, signUpViaApi } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe.each(dialectsUnderTest())('OTP on %s', (dialect) => {
  let t: TestApp;
  const clock = new ManualClock();
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: true, clock });
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (url: string, payload: unknown, cookie?: string) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: { accept: 'application/json', ...(cookie ? { cookie } : {}) } });

  async function lastCode(recipient: string): Promise<string> {
    const message = await t.database.db.selectFrom('outbox_messages').selectAll().where('recipient', '=', recipient).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const code = /\b(\d{6})\b/.exec(message.body)?.[1];
    if (!code) throw new Error(`no code in ${message.body}`);
    return code;
  }
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('tells the flow per source: phone for the closed funnel, email by default, steps completed when confirmed', async () => {
    expect((await post('/rest/otp/get-flow/', { registration_source: 'closed_funnel', traffic_source: null })).json()).toEqual({
      success: true,
      data: { flow: 'phone', steps: [{ type: 'phone', completed: false }] },
    });
    expect((await post('/rest/otp/get-flow/', {})).json()).toEqual({ success: true, data: { flow: 'email', steps: [{ type: 'email', completed: false }] } });
    expect((await post('/rest/otp/get-flow/', { registration_source: 5 })).statusCode).toBe(400);
    expect((await post('/rest/otp/get-flow/', { other: 'x' })).json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });

  it('confirms the email with the mailed code, then reports the step completed', async () => {
    const { cookie } = await signUpViaApi(t.app, 'otp-mail@example.com');
    expect((await post('/rest/otp/send/', { type: 'email' })).json()).toMatchObject({ error: { code: 'AUTH_REQUIRED' } });
    const sent = await post('/rest/otp/send/', { type: 'email' }, cookie);
    expect(sent.json()).toEqual({ success: true, data: { sent: true, alreadyConfirmed: false, expiresInSeconds: 600, resendInSeconds: 60 } });
    const code = await lastCode('otp-mail@example.com');
    const bad = await post('/rest/otp/verify/', { type: 'email', code: wrong(code) }, cookie);
    expect(bad.json()).toMatchObject({ error: { code: 'OTP_CODE_INVALID' } });
    const ok = await post('/rest/otp/verify/', { type: 'email', code }, cookie);
    expect(ok.json()).toEqual({ success: true, data: { emailConfirmed: true, phoneConfirmed: false } });
    expect((await post('/rest/otp/verify/', { type: 'email', code }, cookie)).json()).toMatchObject({ error: { code: 'OTP_CODE_INVALID' } });
    expect((await post('/rest/otp/get-flow/', {}, cookie)).json().data.steps).toEqual([{ type: 'email', completed: true }]);
    expect((await post('/rest/otp/send/', { type: 'email' }, cookie)).json().data).toMatchObject({ sent: false, alreadyConfirmed: true });
  });

  it('expires a code after 10 minutes and limits resends to one a minute', async () => {
    const { cookie } = await signUpViaApi(t.app, 'otp-expiry@example.com');
    await post('/rest/otp/send/', { type: 'email' }, cookie);
    const tooSoon = await post('/rest/otp/send/', { type: 'email' }, cookie);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    const code = await lastCode('otp-expiry@example.com');
    clock.advance(10 * 60 * 1000);
    expect((await post('/rest/otp/verify/', { type: 'email', code }, cookie)).json()).toMatchObject({ error: { code: 'OTP_CODE_EXPIRED' } });
    expect((await post('/rest/otp/send/', { type: 'email' }, cookie)).json().data.sent).toBe(true);
    const fresh = await lastCode('otp-expiry@example.com');
    clock.advance(10 * 60 * 1000 - 1);
    expect((await post('/rest/otp/verify/', { type: 'email', code: fresh }, cookie)).json().data.emailConfirmed).toBe(true);
  });

  it('allows 5 attempts, then refuses even the right code until a new one is sent', async () => {
    const { cookie } = await signUpViaApi(t.app, 'otp-attempts@example.com');
    await post('/rest/otp/send/', { type: 'email' }, cookie);
    const code = await lastCode('otp-attempts@example.com');
    for (let i = 0; i < 5; i += 1) {
      expect((await post('/rest/otp/verify/', { type: 'email', code: i === 2 ? 'abc' : wrong(code) }, cookie)).json()).toMatchObject({ error: { code: 'OTP_CODE_INVALID' } });
    }
    const locked = await post('/rest/otp/verify/', { type: 'email', code }, cookie);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ error: { code: 'OTP_TOO_MANY_ATTEMPTS' } });
    clock.advance(60 * 1000);
    await post('/rest/otp/send/', { type: 'email' }, cookie);
    const next = await lastCode('otp-attempts@example.com');
    expect((await post('/rest/otp/verify/', { type: 'email', code: next }, cookie)).json().data.emailConfirmed).toBe(true);
  });

  it('sends phone codes by SMS to the sandbox outbox; needs a phone first', async () => {
    const { cookie } = await signUpViaApi(t.app, 'otp-phone@example.com', { registrationSource: 'closed_funnel' });
    const noPhone = await post('/rest/otp/send/', { type: 'phone' }, cookie);
    expect(noPhone.statusCode).toBe(422);
    expect(noPhone.json()).toMatchObject({ error: { code: 'OTP_CONTACT_MISSING' } });
    await post('/rest/player/registration/complete/', { login: 'Phone Fan', phone: '+15559876543' }, cookie);
    expect((await post('/rest/otp/send/', { type: 'phone' }, cookie)).json().data.sent).toBe(true);
    const sms = await t.database.db.selectFrom('outbox_messages').selectAll().where('recipient', '=', '+15559876543').executeTakeFirstOrThrow();
    expect(sms).toMatchObject({ channel: 'sms', status: 'kept' });
    const code = await lastCode('+15559876543');
    expect((await post('/rest/otp/verify/', { type: 'phone', code }, cookie)).json()).toEqual({ success: true, data: { emailConfirmed: false, phoneConfirmed: true } });
    expect((await post('/rest/otp/get-flow/', { registration_source: 'closed_funnel' }, cookie)).json().data.steps).toEqual([{ type: 'phone', completed: true }]);
  });

  it('refuses malformed OTP bodies with 400', async () => {
    const { cookie } = await signUpViaApi(t.app, 'otp-bad@example.com');
    for (const payload of [{}, { type: 'fax' }, { type: 'email', code: 123456 }, { type: 'email', code: '1'.repeat(50) }]) {
      const res = await post('/rest/otp/verify/', payload, cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    }
  });
});
