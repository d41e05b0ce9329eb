import { scheduleJob } from '@sweepstack/db/jobs/repository';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_STEP_JOB } from '../../kyc/sandbox-identity-provider/provider';
import { signCallback, webhookSecretOf } from '../../kyc/sandbox-identity-provider/signature';
import { OPERATOR_ENV, playerIdOf } from '../../kyc/testing';
import { IDENTITY_CALLBACK_PATH, sandboxIdentityProviderOf } from '../../kyc/verification';
import { signUpViaApi } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';

const SECRET = 'test-secret-test-secret-test-secret-0123';

describe.each(dialectsUnderTest())('auto-verification with the sandbox identity provider on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: true, env: OPERATOR_ENV });
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (url: string, payload: unknown, cookie: string) => t.app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie } });
  const idle = () => sandboxIdentityProviderOf(t.app.deps)!.idle();

  async function pushesOf(playerId: number): Promise<{ action: string; data: unknown }[]> {
    const rows = await t.database.db.selectFrom('domain_events').select('push_json').where('player_id', '=', playerId).where('type', '=', 'kyc.verification-changed').orderBy('id').execute();
    return rows.map((r) => JSON.parse(r.push_json!) as { type: string; action: string; data: unknown }).map((p) => {
      expect(p.type).toBe('playerVerification');
      return { action: p.action, data: p.data };
    });
  }

  async function playerWithSurname(email: string, surname: string) {
    const { cookie, uuid } = await signUpViaApi(t.app, email);
    expect((await post('/rest/player/profile/easy/', { name: 'Test', surname, birthday: '1990-01-01', zip: '10001' }, cookie)).statusCode).toBe(200);
    return { cookie, playerId: await playerIdOf(t.database.db, uuid) };
  }

  const cases: { surname: string; marker?: string; actions: string[]; status: string | null; available: boolean }[] = [
    { surname: 'Lovelace', actions: ['needScanDocument', 'success'], status: 'verified', available: false },
    { surname: 'Survey', actions: ['surveyRequired', 'needScanDocument', 'success'], status: 'verified', available: false },
    { surname: 'ApplePay', actions: ['apple_pay_success'], status: 'verified', available: false },
    { surname: 'Reject', actions: ['needScanDocument', 'failed'], status: 'rejected', available: true },
    { surname: 'Lovelace', marker: 'apple_pay_reject', actions: ['apple_pay_failed'], status: 'rejected', available: true },
    { surname: 'Duplicate', actions: ['needScanDocument', 'duplicate'], status: 'duplicateCredentials', available: false },
  ];
  for (const [index, c] of cases.entries()) {
    it(`${c.marker ?? c.surname}: ${c.actions.join(' → ')} → ${c.status}`, async () => {
      const { cookie, playerId } = await playerWithSurname(`verify-${index}@example.com`, c.surname);
      const start = await post('/rest/player/verification/start/', c.marker ? { testScenario: c.marker } : {}, cookie);
      expect(start.statusCode, start.body).toBe(200);
      expect(start.json().data).toMatchObject({ provider: 'sandboxIdentity', hash: '#verify' });
      expect(start.json().data.widgetUrl).toMatch(/\/rest\/kyc\/sandbox-widget\/[a-f0-9]{32}\/$/);
      const widget = await t.app.inject({ method: 'GET', url: new URL(start.json().data.widgetUrl as string).pathname });
      expect(widget.statusCode).toBe(200);
      await idle();
      expect((await pushesOf(playerId)).map((p) => p.action)).toEqual(c.actions);
      const profile = (await t.app.inject({ method: 'GET', url: '/rest/player/profile/', headers: { cookie } })).json().data;
      expect(profile.verificationStatus).toBe(c.status);
      expect(profile.autoVerificationData.isAvailable).toBe(c.available);
    });
  }

  it('refuses forged, stale and malformed callbacks and ignores a replayed one', async () => {
    const { cookie, playerId } = await playerWithSurname('verify-forged@example.com', 'Reject');
    const start = await post('/rest/player/verification/start/', {}, cookie);
    const reference = start.json().data.reference as string;
    await idle();
    const before = await pushesOf(playerId);
    // The check was rejected; a forged "success" must not verify the player.
    const body = JSON.stringify({ eventId: `${reference}:forged`, reference, sequence: 9, state: 'success', occurredAtMs: Date.now() });
    const send = (headers: Record<string, string>, payload = body) => t.app.inject({ method: 'POST', url: IDENTITY_CALLBACK_PATH, payload, headers: { 'content-type': 'application/json', ...headers } });
    const now = t.app.deps.clock.nowMs();
    expect((await send({})).statusCode).toBe(401);
    expect((await send({ 'x-identity-signature': signCallback(webhookSecretOf('another-secret-another-secret-00000'), now, body) })).statusCode).toBe(401);
    expect((await send({ 'x-identity-signature': signCallback(webhookSecretOf(SECRET), now - 10 * 60 * 1000, body) })).json().error.code).toBe('KYC_CALLBACK_INVALID');
    const tampered = body.replace('"sequence":9', '"sequence":8');
    expect((await send({ 'x-identity-signature': signCallback(webhookSecretOf(SECRET), now, body) }, tampered)).statusCode).toBe(401);
    expect((await send({ 'x-identity-signature': signCallback(webhookSecretOf(SECRET), now, '{bad') }, '{bad')).statusCode).toBe(400);
    // A correctly signed step after the end of the check changes nothing.
    const late = await send({ 'x-identity-signature': signCallback(webhookSecretOf(SECRET), now, body) });
    expect(late.json()).toEqual({ success: true, applied: false });
    // Replaying a delivered callback (same event id) changes nothing either.
    const replay = JSON.stringify({ eventId: `${reference}:2`, reference, sequence: 2, state: 'failed', occurredAtMs: now });
    expect((await send({ 'x-identity-signature': signCallback(webhookSecretOf(SECRET), now, replay) }, replay)).json()).toEqual({ success: true, applied: false });
    expect(await pushesOf(playerId)).toEqual(before);
    expect((await t.app.inject({ method: 'GET', url: '/rest/player/verification/status/', headers: { cookie } })).json().data).toMatchObject({ verificationStatus: 'rejected', latestCheck: { state: 'failed' } });
  });

  it('answers the running check again instead of starting a second one', async () => {
    const { cookie, playerId } = await playerWithSurname('verify-twice@example.com', 'Reject');
    // A check waiting for the player's document scan (the provider has nothing scheduled for it).
    const now = t.app.deps.clock.nowMs();
    const reference = 'ab'.repeat(16);
    await t.database.db.insertInto('identity_checks').values({ reference, player_id: playerId, provider: 'sandboxIdentity', scenario: 'approve', state: 'needScanDocument', created_at_ms: now, updated_at_ms: now }).execute();
    const again = await post('/rest/player/verification/start/', {}, cookie);
    expect(again.json().data.reference).toBe(reference);
    await t.database.db.updateTable('identity_checks').set({ state: 'failed' }).where('reference', '=', reference).execute();
    const fresh = await post('/rest/player/verification/start/', {}, cookie);
    expect(fresh.json().data.reference).not.toBe(reference);
    await idle();
  });

  it('retries a callback our endpoint refuses three times, then the step is dead and the next one follows', async () => {
    // A check our side does not know: every callback is refused (401), as an endpoint that is down would.
    const reference = 'fe'.repeat(16);
    await scheduleJob(t.database.db, IDENTITY_STEP_JOB, `${reference}:1`, t.app.deps.clock.nowMs(), { reference, scenario: 'reject', index: 0 });
    await idle();
    const steps = await t.database.db.selectFrom('jobs').selectAll().where('kind', '=', IDENTITY_STEP_JOB).where('key', 'like', `${reference}:%`).orderBy('key').execute();
    expect(steps.map((s) => [s.key, s.status, s.attempts])).toEqual([
      [`${reference}:1`, 'dead', 3],
      [`${reference}:2`, 'dead', 3],
    ]);
    expect(steps[0]!.last_error).toBe('status 401 (gave up after 3 attempts)');
  });

  it('reset sets enabled and available false; starting is then refused', async () => {
    const { cookie } = await playerWithSurname('verify-reset@example.com', 'Lovelace');
    const reset = await post('/rest/player/verification/reset/', {}, cookie);
    expect(reset.json()).toMatchObject({ success: true, data: { autoVerificationData: { isEnabled: false, isAvailable: false } } });
    const start = await post('/rest/player/verification/start/', {}, cookie);
    expect(start.statusCode).toBe(409);
    expect(start.json().error.code).toBe('KYC_VERIFICATION_NOT_AVAILABLE');
    expect((await post('/rest/player/verification/start/', { testScenario: 'nope' }, cookie)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/rest/player/verification/start/', payload: {} })).statusCode).toBe(401);
  });
});
