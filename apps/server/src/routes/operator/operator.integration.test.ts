import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile, OPERATOR_ENV, operatorCookie, playerIdOf, sampleDocuments } from '../../kyc/testing';
import { signUpViaApi } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe.each(dialectsUnderTest())('operator API on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: true, env: OPERATOR_ENV });
    admin = await operatorCookie(t.app, OPERATOR_ENV.OPERATOR_BOOTSTRAP_EMAIL, OPERATOR_ENV.OPERATOR_BOOTSTRAP_PASSWORD);
  });
  afterAll(async () => {
    await t.close();
  });

  const op = (method: 'GET' | 'POST', url: string, cookie: string | undefined, payload?: unknown) =>
    t.app.inject({ method, url, ...(payload !== undefined ? { payload: payload as object } : {}), headers: cookie ? { cookie } : {} });

  async function createOperator(email: string, role: string): Promise<string> {
    const res = await op('POST', '/api/operator/operators/', admin, { email, password: 'Operator-Pass-1234', role });
    expect(res.statusCode, res.body).toBe(200);
    return operatorCookie(t.app, email, 'Operator-Pass-1234');
  }

  async function playerWithDocument(email: string) {
    const { cookie, uuid } = await signUpViaApi(t.app, email);
    const file = multipartFile('id.jpg', 'image/jpeg', (await sampleDocuments()).jpg);
    const res = await t.app.inject({ method: 'POST', url: '/rest/player/documents/', payload: file.payload, headers: { ...file.headers, cookie } });
    return { cookie, playerId: await playerIdOf(t.database.db, uuid), documentId: res.json().data.id as number };
  }

  it('signs in with the bootstrap admin only with the right password; the cookie is HttpOnly, strict and separate', async () => {
    const wrong = await op('POST', '/api/operator/sign-in/', undefined, { email: OPERATOR_ENV.OPERATOR_BOOTSTRAP_EMAIL, password: 'wrong-password-123' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('OPERATOR_INVALID_CREDENTIALS');
    const unknown = await op('POST', '/api/operator/sign-in/', undefined, { email: 'nobody@operators.test', password: 'wrong-password-123' });
    expect(unknown.json().error.code).toBe('OPERATOR_INVALID_CREDENTIALS');
    const ok = await op('POST', '/api/operator/sign-in/', undefined, { email: OPERATOR_ENV.OPERATOR_BOOTSTRAP_EMAIL.toUpperCase(), password: OPERATOR_ENV.OPERATOR_BOOTSTRAP_PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(ok.cookies.find((c) => c.name === 'ss_operator')).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/operator' });
    expect((await op('GET', '/api/operator/me/', admin)).json().data).toMatchObject({ role: 'admin' });
    // A player's session is not an operator session.
    const { cookie } = await signUpViaApi(t.app, 'not-an-operator@example.com');
    expect((await op('GET', '/api/operator/documents/', cookie)).json().error.code).toBe('OPERATOR_AUTH_REQUIRED');
    expect((await op('GET', '/api/operator/documents/', undefined)).statusCode).toBe(401);
    expect((await op('GET', '/api/operator/documents/', 'ss_operator=forged-token')).statusCode).toBe(401);
    const row = await t.database.db.selectFrom('operators').select('password_hash').executeTakeFirstOrThrow();
    expect(row.password_hash.startsWith('$argon2id$')).toBe(true);
  });

  it('enforces roles: support reads, compliance reviews, only admin manages operators and reads the audit', async () => {
    const support = await createOperator('support@operators.test', 'support');
    const compliance = await createOperator('compliance@operators.test', 'compliance');
    const { documentId, playerId, cookie } = await playerWithDocument('roles@example.com');
    const pending = await op('GET', '/api/operator/documents/', support);
    expect(pending.statusCode).toBe(200);
    expect(pending.json().data.map((d: { id: number }) => d.id)).toContain(documentId);
    const denied = await op('POST', `/api/operator/documents/${documentId}/approve/`, support, {});
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.code).toBe('OPERATOR_FORBIDDEN');
    expect((await op('POST', '/api/operator/operators/', compliance, { email: 'x@operators.test', password: 'Operator-Pass-1234', role: 'admin' })).statusCode).toBe(403);
    expect((await op('GET', '/api/operator/audit/', compliance)).statusCode).toBe(403);
    expect((await op('POST', `/api/operator/redemptions/1/approve/`, support, {})).statusCode).toBe(403);

    const reject = await op('POST', `/api/operator/documents/${documentId}/reject/`, compliance, { reason: 'The photo is blurred' });
    expect(reject.json()).toMatchObject({ success: true, data: { status: 'rejected', rejectReason: 'The photo is blurred' } });
    expect((await op('POST', `/api/operator/documents/${documentId}/approve/`, compliance, {})).json().error.code).toBe('KYC_DOCUMENT_NOT_PENDING');
    const listed = (await t.app.inject({ method: 'GET', url: '/rest/player/documents/', headers: { cookie } })).json().data;
    expect(listed).toMatchObject([{ id: documentId, status: 'rejected', rejectReason: 'The photo is blurred' }]);
    const profile = (await t.app.inject({ method: 'GET', url: '/rest/player/profile/', headers: { cookie } })).json().data;
    expect(profile).toMatchObject({ documentConfirmStatus: 'rejected', verificationStatus: null });
    const pushes = await t.database.db.selectFrom('domain_events').select('push_json').where('player_id', '=', playerId).where('type', '=', 'kyc.verification-changed').execute();
    expect(pushes.map((p) => JSON.parse(p.push_json!))).toEqual([{ type: 'playerVerification', action: 'failed', data: { message: 'Document rejected: The photo is blurred' } }]);
    expect((await op('POST', `/api/operator/documents/999999/approve/`, compliance, {})).json().error.code).toBe('KYC_DOCUMENT_NOT_FOUND');
    expect((await op('POST', `/api/operator/documents/abc/approve/`, compliance, {})).statusCode).toBe(400);
  });

  it('approving a document verifies the player and pushes success', async () => {
    const { documentId, playerId, cookie } = await playerWithDocument('approve-doc@example.com');
    const res = await op('POST', `/api/operator/documents/${documentId}/approve/`, admin, {});
    expect(res.json()).toMatchObject({ success: true, data: { status: 'approved' } });
    const profile = (await t.app.inject({ method: 'GET', url: '/rest/player/profile/', headers: { cookie } })).json().data;
    expect(profile).toMatchObject({ documentConfirmStatus: 'approved', verificationStatus: 'verified', autoVerificationData: { isAvailable: false } });
    // Verified: the legal name is frozen, the address is not.
    expect((await t.app.inject({ method: 'POST', url: '/rest/player/profile/easy/', payload: { name: 'Ada', surname: 'Byron', birthday: '1990-01-01', zip: '10001' }, headers: { cookie } })).statusCode).toBe(200);
    await t.database.db.updateTable('player_profiles').set({ verification_status: 'verified' }).where('player_id', '=', playerId).execute();
    const renamed = await t.app.inject({ method: 'POST', url: '/rest/player/profile/easy/', payload: { name: 'Eve', surname: 'Byron', birthday: '1990-01-01', zip: '10002' }, headers: { cookie } });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().error.fields).toHaveProperty('name');
    expect((await t.app.inject({ method: 'POST', url: '/rest/player/profile/easy/', payload: { name: 'Ada', surname: 'Byron', birthday: '1990-01-01', zip: '10002' }, headers: { cookie } })).statusCode).toBe(200);
    const push = await t.database.db.selectFrom('domain_events').select('push_json').where('player_id', '=', playerId).where('type', '=', 'kyc.verification-changed').executeTakeFirstOrThrow();
    expect(JSON.parse(push.push_json!)).toMatchObject({ type: 'playerVerification', action: 'success' });
  });

  it('audits every action with who, what, target, before and after; the audit is append-only', async () => {
    const { documentId } = await playerWithDocument('audit@example.com');
    const file = await op('GET', `/api/operator/documents/${documentId}/file/`, admin);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.rawPayload.equals((await sampleDocuments()).jpg)).toBe(true);
    await op('POST', `/api/operator/documents/${documentId}/approve/`, admin, { reason: 'Clear passport scan' });
    expect((await op('GET', '/api/operator/audit/?limit=200', admin)).json().data.some((e: { action: string; targetId: string }) => e.action === 'document.view' && e.targetId === String(documentId))).toBe(true);
    const log = (await op('GET', '/api/operator/audit/?limit=200', admin)).json().data as { action: string; targetId: string; operatorEmail: string; before: unknown; after: unknown }[];
    const entry = log.find((e) => e.action === 'document.approve' && e.targetId === String(documentId));
    expect(entry).toMatchObject({ operatorEmail: OPERATOR_ENV.OPERATOR_BOOTSTRAP_EMAIL, before: { status: 'pending', verificationStatus: null }, after: { status: 'approved', verificationStatus: 'verified', reason: 'Clear passport scan' } });
    const actions = new Set(log.map((e) => e.action));
    for (const action of ['operator.sign_in', 'operator.create', 'document.approve']) expect(actions).toContain(action);
    await expect(t.database.db.updateTable('operator_audit').set({ action: 'tampered' }).execute()).rejects.toThrow(/append-only/);
    await expect(t.database.db.deleteFrom('operator_audit').execute()).rejects.toThrow(/append-only/);

    const before = (await t.database.db.selectFrom('operator_audit').select('id').execute()).length;
    const signOut = await op('POST', '/api/operator/sign-out/', admin, {});
    expect(signOut.statusCode).toBe(200);
    expect((await op('GET', '/api/operator/me/', admin)).statusCode).toBe(401);
    expect((await t.database.db.selectFrom('operator_audit').select('id').execute()).length).toBe(before + 1);
    admin = await operatorCookie(t.app, OPERATOR_ENV.OPERATOR_BOOTSTRAP_EMAIL, OPERATOR_ENV.OPERATOR_BOOTSTRAP_PASSWORD);
  });
});
