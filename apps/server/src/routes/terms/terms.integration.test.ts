import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { termsRequirement } from '../../auth/terms';
import { signUpViaApi } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe.each(dialectsUnderTest())('terms on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: true });
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (cookie?: string) => t.app.inject({ method: 'GET', url: '/rest/terms/unconfirmed/', ...(cookie ? { headers: { cookie } } : {}) });
  const post = (url: string, payload: unknown, cookie: string) => t.app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie } });

  it('asks again for a document whose version was raised; log and confirm release it', async () => {
    const { cookie, uuid } = await signUpViaApi(t.app, 'terms@example.com');
    expect((await get(cookie)).json()).toEqual({ success: true, data: [] });
    const terms = await t.database.db.selectFrom('terms_documents').selectAll().where('key', '=', 'terms').executeTakeFirstOrThrow();
    await t.database.db.updateTable('terms_documents').set({ version: terms.version + 1 }).where('id', '=', terms.id).execute();
    expect((await get(cookie)).json()).toEqual({ success: true, data: [{ id: terms.id, key: 'terms' }] });
    const player = await t.database.db.selectFrom('players').select('id').where('uuid', '=', uuid).executeTakeFirstOrThrow();
    expect(await termsRequirement(t.database.db, player.id)).toEqual([{ id: terms.id, key: 'terms' }]);

    expect((await post('/rest/terms/log/', { ids: [terms.id] }, cookie)).json()).toEqual({ success: true });
    const log = await t.database.db.selectFrom('terms_log').selectAll().where('player_id', '=', player.id).execute();
    expect(log).toMatchObject([{ document_id: terms.id, version: terms.version + 1 }]);
    expect((await get(cookie)).json().data).toHaveLength(1);

    expect((await post('/rest/terms/confirm/', { ids: [terms.id, terms.id] }, cookie)).json()).toEqual({ success: true });
    expect((await post('/rest/terms/confirm/', { ids: [terms.id] }, cookie)).json()).toEqual({ success: true });
    expect((await get(cookie)).json()).toEqual({ success: true, data: [] });
  });

  it('refuses unknown ids with TERMS_UNKNOWN and writes nothing', async () => {
    const { cookie } = await signUpViaApi(t.app, 'terms-unknown@example.com');
    const known = await t.database.db.selectFrom('terms_documents').select('id').executeTakeFirstOrThrow();
    for (const url of ['/rest/terms/log/', '/rest/terms/confirm/']) {
      const res = await post(url, { ids: [known.id, 999_999] }, cookie);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ error: { code: 'TERMS_UNKNOWN' } });
    }
    const logs = await t.database.db.selectFrom('terms_log').select('id').where('document_id', '=', 999_999).execute();
    expect(logs).toHaveLength(0);
  });

  it('needs a session and a valid ids list', async () => {
    expect((await get()).statusCode).toBe(401);
    const anonymous = await t.app.inject({ method: 'POST', url: '/rest/terms/confirm/', payload: { ids: [1] } });
    expect(anonymous.json()).toMatchObject({ error: { code: 'AUTH_REQUIRED' } });
    const { cookie } = await signUpViaApi(t.app, 'terms-bad@example.com');
    for (const payload of [{}, { ids: [] }, { ids: ['1'] }, { ids: [1.5] }, { ids: [-1] }, { ids: Array.from({ length: 51 }, (_, i) => i + 1) }, { ids: [1], extra: true }]) {
      const res = await post('/rest/terms/confirm/', payload, cookie);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    }
  });
});
