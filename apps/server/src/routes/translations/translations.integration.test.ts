import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ZTranslationsResponse } from '@sweepstack/contracts/app/translations';
import { touchContentSet } from '@sweepstack/db/repositories/content';
import { readDictionary, seed as seedTranslations } from '@sweepstack/db/seeds/0022-content-translations';
import { CONTENT_DIR } from '@sweepstack/db/seeds/content-files';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentCache } from '../../lib/content-cache';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe.each(dialectsUnderTest())('GET /api/rest/translations/{locale} on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // No seed: the dictionaries are the web app's files; these tests bring their own rows.
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 404 TRANSLATIONS_NOT_AVAILABLE while a locale has no messages', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/rest/translations/en' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'TRANSLATIONS_NOT_AVAILABLE', message: 'Translations not available' } });
  });

  it('answers the nested dictionary with Cache-Control and an ETag, and 304 when unchanged', async () => {
    await t.database.db
      .insertInto('translations')
      .values([
        { locale: 'en', key: 'errorPage.title', value: 'Page Not Found' },
        { locale: 'en', key: 'errorPage.btn.text', value: 'Return home' },
        { locale: 'en', key: 'footer.about.0', value: 'First paragraph' },
        { locale: 'en', key: 'footer.about.1', value: 'Second paragraph' },
        { locale: 'es', key: 'errorPage.title', value: 'Página no encontrada' },
      ])
      .execute();
    await touchContentSet(t.database.db, 'translations:en', Date.now());
    contentCache(t.app.deps).invalidate();

    const res = await t.app.inject({ method: 'GET', url: '/api/rest/translations/en' });
    expect(res.statusCode).toBe(200);
    expect(ZTranslationsResponse.parse(res.json())).toEqual({
      errorPage: { title: 'Page Not Found', btn: { text: 'Return home' } },
      footer: { about: ['First paragraph', 'Second paragraph'] },
    });
    expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
    expect(res.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
    const again = await t.app.inject({ method: 'GET', url: '/api/rest/translations/en', headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);

    const es = await t.app.inject({ method: 'GET', url: '/api/rest/translations/es' });
    expect(es.json()).toEqual({ errorPage: { title: 'Página no encontrada' } });
    expect(es.headers.etag).not.toBe(res.headers.etag);
  });

  it('answers 404 TRANSLATIONS_NOT_AVAILABLE for any other locale, however it is written', async () => {
    for (const locale of ['fr', 'EN', 'en-US', '..%2F..', 'x'.repeat(150), '%00']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/rest/translations/${locale}` });
      expect(res.statusCode, locale).toBeLessThan(500);
      expect(res.statusCode, locale).toBeGreaterThanOrEqual(400);
    }
    const withQuery = await t.app.inject({ method: 'GET', url: '/api/rest/translations/en?x=1' });
    expect(withQuery.statusCode).toBe(400);
    expect(withQuery.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    const fr = await t.app.inject({ method: 'GET', url: '/api/rest/translations/fr' });
    expect(fr.statusCode).toBe(404);
    expect(fr.json()).toMatchObject({ error: { code: 'TRANSLATIONS_NOT_AVAILABLE' } });
  });

  const repositoryFile = (locale: string) => path.join(CONTENT_DIR, 'translations', `${locale}.json`);
  const hasRepositoryFiles = ['en', 'es'].every((l) => existsSync(repositoryFile(l)) && Object.keys(JSON.parse(readFileSync(repositoryFile(l), 'utf8')) as object).length > 0);

  it.skipIf(!hasRepositoryFiles)('serves the web app\'s dictionaries exactly as written, after seeding them', async () => {
    await t.database.db.deleteFrom('translations').execute();
    await t.database.db.deleteFrom('content_sets').execute();
    await seedTranslations(t.database.db);
    contentCache(t.app.deps).invalidate();
    for (const locale of ['en', 'es']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/rest/translations/${locale}` });
      expect(res.statusCode).toBe(200);
      // content/translations/<locale>.json with every content/translations/<locale>/<namespace>.json.
      const written = readDictionary(CONTENT_DIR, locale)?.dictionary;
      expect(Object.keys(written ?? {}).length).toBeGreaterThanOrEqual(Object.keys(JSON.parse(readFileSync(repositoryFile(locale), 'utf8')) as object).length);
      expect(res.json()).toEqual(JSON.parse(JSON.stringify(written)));
    }
  });
});
