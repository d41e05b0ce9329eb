import { ZLegalPageResponse } from '@sweepstack/contracts/app/legal-page';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe.each(dialectsUnderTest())('GET /rest/page/legal/{name}/ on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers every footer legal page in English and Spanish', async () => {
    for (const name of ['terms', 'privacy', 'sweepstakes-rules', 'responsible-play', 'faq']) {
      const en = await t.app.inject({ method: 'GET', url: `/rest/page/legal/${name}/` });
      expect(en.statusCode, name).toBe(200);
      const page = ZLegalPageResponse.parse(en.json()).data;
      expect(page).toMatchObject({ name, locale: 'en' });
      expect(page.title.length).toBeGreaterThan(2);
      expect(page.blocks.length).toBeGreaterThan(2);
      const es = ZLegalPageResponse.parse((await t.app.inject({ method: 'GET', url: `/rest/page/legal/${name}/?locale=es` })).json()).data;
      expect(es.locale).toBe('es');
      expect(es.title).not.toBe(page.title);
      // Every `{{feature.key}}` a page quotes is filled by a feature's legalValues.
      expect(page.body, name).not.toMatch(/\{\{/);
      expect(es.body, name).not.toMatch(/\{\{/);
    }
    const terms = ZLegalPageResponse.parse((await t.app.inject({ method: 'GET', url: '/rest/page/legal/terms/' })).json()).data;
    expect(terms.title).toBe('Terms and conditions');
    expect(terms.blocks).toContainEqual({ type: 'heading', text: 'Who may play' });
  });

  it('falls back to English when a page has no Spanish version', async () => {
    await t.database.db.insertInto('legal_pages').values({ name: 'cookies', locale: 'en', title: 'Cookies', body: 'We use necessary cookies.', updated_at_ms: 1 }).execute();
    const res = await t.app.inject({ method: 'GET', url: '/rest/page/legal/cookies/?locale=es' });
    expect(ZLegalPageResponse.parse(res.json()).data).toMatchObject({ name: 'cookies', locale: 'en', blocks: [{ type: 'paragraph', text: 'We use necessary cookies.' }] });
  });

  it('answers 404 NOT_FOUND for unknown or malformed names, 400 for bad queries', async () => {
    for (const name of ['nope', 'Terms', '..', '%2e%2e%2fsecret']) {
      const res = await t.app.inject({ method: 'GET', url: `/rest/page/legal/${name}/` });
      expect(res.statusCode, name).toBe(404);
      expect(res.json(), name).toMatchObject({ success: false });
    }
    expect((await t.app.inject({ method: 'GET', url: '/rest/page/legal/nope/' })).json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    const oversized = await t.app.inject({ method: 'GET', url: `/rest/page/legal/${'x'.repeat(120)}/` });
    expect(oversized.statusCode).toBe(400);
    for (const query of ['locale=fr', 'locale=en&x=1']) {
      const res = await t.app.inject({ method: 'GET', url: `/rest/page/legal/terms/?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    }
  });
});
