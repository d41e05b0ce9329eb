import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoginToken } from '../../auth/login-token';
import { ManualClock, signUpViaApi } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';

const HOUR_MS = 60 * 60 * 1000;

describe.each(dialectsUnderTest())('email confirmation links on %s', (dialect) => {
  let t: TestApp;
  const clock = new ManualClock();
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: true, clock });
  });
  afterAll(async () => {
    await t.close();
  });

  const db = () => t.database.db;
  const open = (token: string, cookie?: string) => t.app.inject({ method: 'GET', url: `/rest/email/confirm/?token=${encodeURIComponent(token)}`, headers: cookie ? { cookie } : {} });
  const resend = (cookie?: string) => t.app.inject({ method: 'POST', url: '/rest/email/confirm/resend/', payload: {}, headers: { accept: 'application/json', ...(cookie ? { cookie } : {}) } });
  const appInit = async (cookie: string) => ((await t.app.inject({ method: 'GET', url: '/rest/app/init/', headers: { cookie } })).json() as { data: { primaryContact: string | null; emailConfirmed: boolean } }).data;

  async function confirmationMails(recipient: string) {
    return db().selectFrom('outbox_messages').selectAll().where('recipient', '=', recipient).where('subject', '=', 'Confirm your Sweepstack email').orderBy('id', 'asc').execute();
  }
  async function lastLinkToken(recipient: string): Promise<string> {
    const mails = await confirmationMails(recipient);
    const body = mails.at(-1)?.body ?? '';
    const link = /(https?:\/\/\S+\/rest\/email\/confirm\/\?token=\S+)/.exec(body)?.[1];
    if (!link) throw new Error(`no confirmation link in ${body}`);
    return new URL(link).searchParams.get('token') ?? '';
  }
  async function state(email: string) {
    const player = await db().selectFrom('players').select(['id', 'email_confirmed', 'updated_at_ms']).where('email_normalized', '=', email).executeTakeFirstOrThrow();
    const events = await db().selectFrom('domain_events').select('id').where('player_id', '=', player.id).where('type', '=', 'auth.contact-confirmed').execute();
    const tokens = await db().selectFrom('auth_tokens').select(['token_hash', 'used_at_ms']).where('player_id', '=', player.id).where('kind', '=', 'email_confirm').orderBy('token_hash').execute();
    return { confirmed: Number(player.email_confirmed), updatedAt: Number(player.updated_at_ms), events: events.length, tokens: tokens.map((r) => ({ ...r, used_at_ms: r.used_at_ms === null ? null : Number(r.used_at_ms) })) };
  }
  function expectRefused(res: LightMyRequestResponse) {
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    expect(res.headers['x-error-code']).toBe('AUTH_EMAIL_LINK_INVALID');
    expect(res.cookies.find((c) => c.name === 'login_link_notice')).toMatchObject({ value: 'emailLinkInvalid', maxAge: 60, path: '/' });
  }

  it('mails a link at sign-up; opening it confirms once, records the change and flips app init', async () => {
    const { cookie } = await signUpViaApi(t.app, 'confirm-once@example.com');
    expect(await appInit(cookie)).toMatchObject({ primaryContact: 'email', emailConfirmed: false });
    const mails = await confirmationMails('confirm-once@example.com');
    expect(mails).toHaveLength(1);
    const token = await lastLinkToken('confirm-once@example.com');
    // Only its hash is kept.
    expect((await state('confirm-once@example.com')).tokens.map((r) => r.token_hash)).not.toContain(token);
    expect(JSON.stringify(await db().selectFrom('auth_tokens').selectAll().execute())).not.toContain(token);

    const res = await open(token, cookie);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/lobby/?openNotify=EMAIL_VERIFIED');
    expect(res.cookies.find((c) => c.name === 'login_link_notice')).toBeUndefined();
    const after = await state('confirm-once@example.com');
    expect(after).toMatchObject({ confirmed: 1, events: 1 });
    expect(after.tokens.every((r) => r.used_at_ms !== null)).toBe(true);
    expect(await appInit(cookie)).toMatchObject({ primaryContact: 'email', emailConfirmed: true });

    // Reused: refused, nothing more written.
    clock.advance(1000);
    expectRefused(await open(token, cookie));
    expect(await state('confirm-once@example.com')).toEqual(after);
    // Confirmed: a resend sends nothing.
    expect((await resend(cookie)).json()).toEqual({ success: true, data: { sent: false, alreadyConfirmed: true, resendInSeconds: 0 } });
    expect(await confirmationMails('confirm-once@example.com')).toHaveLength(1);
  });

  it('works from a browser without a session (the mail proves the address)', async () => {
    const { cookie } = await signUpViaApi(t.app, 'confirm-elsewhere@example.com');
    const res = await open(await lastLinkToken('confirm-elsewhere@example.com'));
    expect(res.headers.location).toBe('/lobby/?openNotify=EMAIL_VERIFIED');
    expect(await appInit(cookie)).toMatchObject({ emailConfirmed: true });
  });

  it('refuses expired, forged, malformed, other-kind and foreign links with AUTH_EMAIL_LINK_INVALID and writes nothing', async () => {
    const { cookie } = await signUpViaApi(t.app, 'confirm-refused@example.com');
    const { cookie: otherCookie } = await signUpViaApi(t.app, 'confirm-other@example.com');
    const token = await lastLinkToken('confirm-refused@example.com');
    const before = await state('confirm-refused@example.com');

    // Foreign: opened in a browser signed in as another player. Refused, and the link stays usable.
    expectRefused(await open(token, otherCookie));
    expect(await state('confirm-refused@example.com')).toEqual(before);
    expect((await state('confirm-other@example.com')).confirmed).toBe(0);

    // A token of another kind (an aa sign-in link) is not a confirmation link.
    const playerId = (await db().selectFrom('players').select('id').where('email_normalized', '=', 'confirm-refused@example.com').executeTakeFirstOrThrow()).id;
    expectRefused(await open(await createLoginToken(t.app.deps, playerId), cookie));
    // A control character is refused before any route (the security plugin): a stable 400, never a 500.
    const nul = await t.app.inject({ method: 'GET', url: '/rest/email/confirm/?token=a%00b', headers: { cookie } });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    for (const bad of ['forged-token', '', 'x'.repeat(300), 'a%20b', '%F0%9F%8E%B0']) {
      const res = await t.app.inject({ method: 'GET', url: `/rest/email/confirm/?token=${bad}`, headers: { cookie } });
      expectRefused(res);
    }
    expectRefused(await t.app.inject({ method: 'GET', url: '/rest/email/confirm/?token=a&token=b' }));
    expectRefused(await t.app.inject({ method: 'GET', url: '/rest/email/confirm/' }));
    expect(await state('confirm-refused@example.com')).toEqual(before);

    // Expired after 24 hours.
    clock.advance(24 * HOUR_MS);
    expectRefused(await open(token, cookie));
    expect(await state('confirm-refused@example.com')).toEqual(before);
    expect(await appInit(cookie)).toMatchObject({ emailConfirmed: false });
  });

  it('resends a new link (the old one stops working), one a minute and five an hour, for players only', async () => {
    expect((await resend()).json()).toMatchObject({ error: { code: 'AUTH_REQUIRED' } });
    const { cookie } = await signUpViaApi(t.app, 'confirm-resend@example.com');
    const first = await lastLinkToken('confirm-resend@example.com');
    // The sign-up mail counts: a resend right after waits a minute.
    const tooSoon = await resend(cookie);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    expect(await confirmationMails('confirm-resend@example.com')).toHaveLength(1);
    for (let i = 0; i < 4; i += 1) {
      clock.advance(61 * 1000);
      const res = await resend(cookie);
      expect(res.json()).toEqual({ success: true, data: { sent: true, alreadyConfirmed: false, resendInSeconds: 60 } });
    }
    clock.advance(61 * 1000);
    // Five mails in the hour (sign-up + 4): the sixth waits.
    expect((await resend(cookie)).json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    expect(await confirmationMails('confirm-resend@example.com')).toHaveLength(5);
    clock.advance(HOUR_MS);
    expect((await resend(cookie)).json()).toMatchObject({ success: true, data: { sent: true } });

    expectRefused(await open(first, cookie));
    expect((await state('confirm-resend@example.com')).confirmed).toBe(0);
    const res = await open(await lastLinkToken('confirm-resend@example.com'), cookie);
    expect(res.headers.location).toBe('/lobby/?openNotify=EMAIL_VERIFIED');
    expect(await appInit(cookie)).toMatchObject({ emailConfirmed: true });
  });
});
