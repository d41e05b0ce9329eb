import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeExecutable, multipartFile, OPERATOR_ENV, playerIdOf, sampleDocuments } from '../../kyc/testing';
import { signUpViaApi } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';

const EASY = { name: 'Ada', surname: "O'Neil-Smith", birthday: '1990-02-03', zip: '10001' };
const FULL = { ...EASY, city: 'New York', address: '12 Main St.', address2: 'Apt 4', state: 'NY', phone: '+15551234567', zip: '10001-1234' };

describe.each(dialectsUnderTest())('profile and documents on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: true, env: OPERATOR_ENV });
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (url: string, payload: unknown, cookie: string) => t.app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie } });
  const upload = (cookie: string, file: { payload: Buffer; headers: Record<string, string> }) =>
    t.app.inject({ method: 'POST', url: '/rest/player/documents/', payload: file.payload, headers: { ...file.headers, cookie } });

  it('answers every spec §3 Profile field and tracks completeness', async () => {
    const { cookie } = await signUpViaApi(t.app, 'profile@example.com');
    const first = await t.app.inject({ method: 'GET', url: '/rest/player/profile/', headers: { cookie } });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      name: null,
      profileCompleted: false,
      easyProfileCompleted: false,
      easyProfileModuleEnabled: true,
      documentConfirmStatus: 'none',
      // The reality check is on at 120 minutes until the player chooses (docs/responsible-play.md).
      responsiblePlay: { activityReminderValue: 120 },
      autoVerificationData: { isEnabled: true, isAvailable: true, showOn: ['profile', 'redeem'], providers: ['sandboxIdentity'], isTest: true },
    });
    expect(first.json().data.uncompletedProfileFields).toEqual(['name', 'surname', 'zip', 'city', 'address', 'state', 'phone']);

    const easy = await post('/rest/player/profile/easy/', EASY, cookie);
    expect(easy.statusCode).toBe(200);
    expect(easy.json().data).toMatchObject({ ...EASY, easyProfileCompleted: true, profileCompleted: false });

    const full = await post('/rest/player/profile/', FULL, cookie);
    expect(full.statusCode).toBe(200);
    expect(full.json().data).toMatchObject({ ...FULL, profileCompleted: true, uncompletedProfileFields: [] });

    const page = await t.app.inject({ method: 'GET', url: '/rest/page/profile/', headers: { cookie } });
    expect(page.json().payload).toEqual(full.json().data);
  });

  it('refuses bad profile fields with VALIDATION_FAILED naming each field, and writes nothing', async () => {
    const { cookie, uuid } = await signUpViaApi(t.app, 'profile-bad@example.com');
    const cases: [Record<string, unknown>, string][] = [
      [{ ...FULL, zip: '1234' }, 'zip'],
      [{ ...FULL, zip: '12345-12' }, 'zip'],
      [{ ...FULL, state: 'XX' }, 'state'],
      [{ ...FULL, state: 'ny' }, 'state'],
      [{ ...FULL, name: 'R2D2' }, 'name'],
      [{ ...FULL, name: 'x'.repeat(61) }, 'name'],
      [{ ...FULL, surname: '' }, 'surname'],
      [{ ...FULL, phone: '5551234567' }, 'phone'],
      [{ ...FULL, phone: '+0551234567' }, 'phone'],
      [{ ...FULL, birthday: '03/02/1990' }, 'birthday'],
      [{ ...FULL, extra: 1 }, 'extra'],
      [{ ...FULL, city: undefined }, 'city'],
    ];
    for (const [payload, field] of cases) {
      const res = await post('/rest/player/profile/', payload, cookie);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.json().error.fields ?? {}), JSON.stringify(payload)).toContain(field);
    }
    const impossible = await post('/rest/player/profile/easy/', { ...EASY, birthday: '1990-02-30' }, cookie);
    expect(impossible.statusCode).toBe(400);
    const underage = await post('/rest/player/profile/easy/', { ...EASY, birthday: '2015-01-01' }, cookie);
    expect(underage.statusCode).toBe(422);
    expect(underage.json().error.code).toBe('AUTH_UNDERAGE');
    const playerId = await playerIdOf(t.database.db, uuid);
    const row = await t.database.db.selectFrom('player_profiles').selectAll().where('player_id', '=', playerId).executeTakeFirst();
    expect(row?.name ?? null).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/rest/player/profile/' })).statusCode).toBe(401);
  });

  it('accepts PDF, PNG, JPG and GIF by content and stores them under the player folder', async () => {
    const { cookie, uuid } = await signUpViaApi(t.app, 'docs@example.com');
    const playerId = await playerIdOf(t.database.db, uuid);
    const samples = await sampleDocuments();
    const declared = { pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif' } as const;
    for (const kind of ['pdf', 'png', 'jpg', 'gif'] as const) {
      // Declared type and name deliberately wrong: only the content counts.
      const res = await upload(cookie, multipartFile(`scan-${kind}.bin`, 'application/octet-stream', samples[kind]));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ success: true, message: 'Document uploaded successfully', data: { status: 'pending', contentType: declared[kind] } });
    }
    const list = await t.app.inject({ method: 'GET', url: '/rest/player/documents/', headers: { cookie } });
    expect(list.json().data.map((d: { contentType: string }) => d.contentType).sort()).toEqual(['application/pdf', 'image/gif', 'image/jpeg', 'image/png']);
    const folder = path.join(t.dataDir, 'uploads', String(playerId));
    const files = readdirSync(folder);
    expect(files).toHaveLength(4);
    for (const file of files) expect(file).toMatch(/^[a-f0-9]{32}\.(pdf|png|jpg|gif)$/);
    const profile = await t.app.inject({ method: 'GET', url: '/rest/player/profile/', headers: { cookie } });
    expect(profile.json().data.documentConfirmStatus).toBe('pending');
    const id = list.json().data[0].id as number;
    const download = await t.app.inject({ method: 'GET', url: `/rest/player/documents/${id}/file/`, headers: { cookie } });
    expect(download.statusCode).toBe(200);
    expect(download.headers['x-content-type-options']).toBe('nosniff');

    const other = await signUpViaApi(t.app, 'docs-other@example.com');
    const foreign = await t.app.inject({ method: 'GET', url: `/rest/player/documents/${id}/file/`, headers: { cookie: other.cookie } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('KYC_DOCUMENT_NOT_FOUND');
    expect((await t.app.inject({ method: 'GET', url: '/rest/player/documents/', headers: { cookie: other.cookie } })).json().data).toEqual([]);
  });

  it('refuses a renamed executable, text, an empty file and a file over 15 MB; nothing is stored', async () => {
    const { cookie, uuid } = await signUpViaApi(t.app, 'docs-bad@example.com');
    const playerId = await playerIdOf(t.database.db, uuid);
    for (const bytes of [fakeExecutable(), Buffer.from('just text, not a document'), Buffer.alloc(0)]) {
      const res = await upload(cookie, multipartFile('passport.pdf', 'application/pdf', bytes));
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toMatchObject({ code: 'KYC_DOCUMENT_REJECTED', message: 'Document rejected', fields: { file: 'We accept PDF, GIF, JPG, and PNG files no larger than 15 MB' } });
    }
    const big = Buffer.alloc(15 * 1024 * 1024 + 1, 0x20);
    (await sampleDocuments()).png.copy(big);
    const res = await upload(cookie, multipartFile('big.png', 'image/png', big));
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({ code: 'KYC_DOCUMENT_TOO_LARGE', message: 'Document rejected', fields: { file: 'We accept PDF, GIF, JPG, and PNG files no larger than 15 MB' } });
    const exact = Buffer.alloc(15 * 1024 * 1024, 0x20);
    Buffer.from('%PDF-1.7\n').copy(exact);
    expect((await upload(cookie, multipartFile('exact.pdf', 'application/pdf', exact))).statusCode).toBe(200);
    const rows = await t.database.db.selectFrom('player_documents').select('content_type').where('player_id', '=', playerId).execute();
    expect(rows).toEqual([{ content_type: 'application/pdf' }]);
    expect(readdirSync(path.join(t.dataDir, 'uploads', String(playerId)))).toHaveLength(1);
    for (let i = 1; i < 10; i += 1) expect((await upload(cookie, multipartFile(`p${i}.pdf`, 'application/pdf', Buffer.from('%PDF-1.4\n')))).statusCode).toBe(200);
    const eleventh = await upload(cookie, multipartFile('p11.pdf', 'application/pdf', Buffer.from('%PDF-1.4\n')));
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().error.code).toBe('KYC_DOCUMENT_LIMIT_REACHED');
    expect(readdirSync(path.join(t.dataDir, 'uploads', String(playerId)))).toHaveLength(10);
    const noFile = await t.app.inject({ method: 'POST', url: '/rest/player/documents/', payload: { file: 'x' }, headers: { cookie } });
    expect(noFile.statusCode).toBe(415);
    const guest = await upload('', multipartFile('a.pdf', 'application/pdf', Buffer.from('%PDF-1.4')));
    expect(guest.statusCode).toBe(401);
    expect(existsSync(path.join(t.dataDir, 'uploads', 'undefined'))).toBe(false);
  });
});
