import { cpSync, mkdtempSync, mkdirSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, dialectsUnderTest, type TestDatabase } from '@sweepstack/testkit/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentStamp, listMenuItems, listTranslations } from '../repositories/content';
import { seedDatabase } from '../seed';
import { seed as seedStaticInfo } from './0020-content-static-info';
import { seed as seedLegalPages } from './0021-content-legal-pages';
import { seed as seedTranslations } from './0022-content-translations';
import { seed as seedRestrictionsAndRoutes } from './0023-content-restrictions-and-routes';
import { CONTENT_DIR, ContentFileError } from './content-files';

async function counts(db: TestDatabase['db']) {
  const tables = ['menu_items', 'content_blocks', 'legal_pages', 'restricted_states', 'route_rules', 'content_sets'] as const;
  const out: Record<string, number> = {};
  for (const table of tables) {
    const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}

describe.each(dialectsUnderTest())('content seeds on %s', (dialect) => {
  let database: TestDatabase;
  let contentDir: string;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    contentDir = mkdtempSync(path.join(tmpdir(), 'sweepstack-content-'));
    cpSync(CONTENT_DIR, contentDir, { recursive: true });
    rmSync(path.join(contentDir, 'translations'), { recursive: true, force: true });
  });
  afterAll(async () => {
    await database.destroy();
    rmSync(contentDir, { recursive: true, force: true });
  });

  it('seeds the repository content and changes nothing when run again', async () => {
    await seedDatabase(database.db, { theme: 'nlc' });
    const first = await counts(database.db);
    expect(first.menu_items).toBeGreaterThanOrEqual(10);
    expect(first.legal_pages).toBeGreaterThanOrEqual(10);
    expect(first.restricted_states).toBeGreaterThanOrEqual(5);
    expect(first.route_rules).toBeGreaterThanOrEqual(2);
    const stamp = await contentStamp(database.db);
    await seedDatabase(database.db, { theme: 'nlc' });
    expect(await counts(database.db)).toEqual(first);
    expect(await contentStamp(database.db)).toBe(stamp);
  });

  it('keeps operator edits on re-seed, and replaces them when the content file changed', async () => {
    // The copy has the same files as the repository, already seeded by the previous test.
    expect(await seedStaticInfo(database.db, undefined, contentDir)).toMatchObject({ menu: 'unchanged', footer: 'unchanged' });
    await database.db.updateTable('menu_items').set({ titles_json: JSON.stringify({ en: 'Operator lobby' }) }).where('item_key', '=', 'lobby').execute();
    expect(await seedStaticInfo(database.db, undefined, contentDir)).toMatchObject({ menu: 'unchanged', footer: 'unchanged' });
    const kept = (await listMenuItems(database.db)).find((r) => r.item_key === 'lobby');
    expect(JSON.parse(kept?.titles_json ?? '{}')).toEqual({ en: 'Operator lobby' });

    const menuFile = path.join(contentDir, 'static-info/menu.json');
    const menu = JSON.parse(readFileSync(menuFile, 'utf8')) as { items: Array<{ id: string; title: unknown }> };
    menu.items[0]!.title = { en: 'Home base', es: 'Base' };
    writeFileSync(menuFile, JSON.stringify(menu));
    expect(await seedStaticInfo(database.db, undefined, contentDir)).toMatchObject({ menu: 'applied', footer: 'unchanged' });
    const replaced = (await listMenuItems(database.db)).find((r) => r.item_key === menu.items[0]!.id);
    expect(JSON.parse(replaced?.titles_json ?? '{}')).toEqual({ en: 'Home base', es: 'Base' });
  });

  it('skips missing translation files and seeds them once they exist', async () => {
    expect(await seedTranslations(database.db, undefined, contentDir)).toEqual({ en: 'missing', es: 'missing' });
    mkdirSync(path.join(contentDir, 'translations'), { recursive: true });
    writeFileSync(path.join(contentDir, 'translations/en.json'), JSON.stringify({ errorPage: { title: 'Page not found', btn: { text: 'Return home' } }, about: ['One', 'Two'] }));
    expect(await seedTranslations(database.db, undefined, contentDir)).toEqual({ en: 'applied', es: 'missing' });
    expect(await listTranslations(database.db, 'en')).toEqual([
      { key: 'about.0', value: 'One' },
      { key: 'about.1', value: 'Two' },
      { key: 'errorPage.btn.text', value: 'Return home' },
      { key: 'errorPage.title', value: 'Page not found' },
    ]);
    expect(await seedTranslations(database.db, undefined, contentDir)).toEqual({ en: 'unchanged', es: 'missing' });

    // A feature's namespace as a file of its own: merged in; a locale may have only such files.
    mkdirSync(path.join(contentDir, 'translations/en'), { recursive: true });
    mkdirSync(path.join(contentDir, 'translations/es'), { recursive: true });
    writeFileSync(path.join(contentDir, 'translations/en/dailyLogin.json'), JSON.stringify({ title: 'Daily prize' }));
    writeFileSync(path.join(contentDir, 'translations/es/dailyLogin.json'), JSON.stringify({ title: 'Premio diario' }));
    expect(await seedTranslations(database.db, undefined, contentDir)).toEqual({ en: 'applied', es: 'applied' });
    expect(await listTranslations(database.db, 'en')).toContainEqual({ key: 'dailyLogin.title', value: 'Daily prize' });
    expect(await listTranslations(database.db, 'es')).toEqual([{ key: 'dailyLogin.title', value: 'Premio diario' }]);
    expect(await listTranslations(database.db, 'en')).toHaveLength(5);

    // A feature's keys in a shared namespace (its error messages in `errors`), as a file of its own.
    mkdirSync(path.join(contentDir, 'translations/en/errorPage'), { recursive: true });
    writeFileSync(path.join(contentDir, 'translations/en/errorPage/daily-login.json'), JSON.stringify({ dailyLoginClosed: 'Closed today' }));
    expect(await seedTranslations(database.db, undefined, contentDir)).toEqual({ en: 'applied', es: 'unchanged' });
    expect(await listTranslations(database.db, 'en')).toContainEqual({ key: 'errorPage.dailyLoginClosed', value: 'Closed today' });
    expect(await listTranslations(database.db, 'en')).toContainEqual({ key: 'errorPage.title', value: 'Page not found' });
  });

  it('refuses a broken content file and leaves the previous content in place', async () => {
    const broken = mkdtempSync(path.join(tmpdir(), 'sweepstack-content-bad-'));
    try {
      mkdirSync(path.join(broken, 'static-info'), { recursive: true });
      writeFileSync(path.join(broken, 'static-info/route-rules.json'), JSON.stringify({ rules: [{ path: '/x', middlewares: { 'no-such-middleware': true } }] }));
      const before = await counts(database.db);
      await expect(seedRestrictionsAndRoutes(database.db, undefined, broken)).rejects.toThrow(ContentFileError);
      await expect(seedRestrictionsAndRoutes(database.db, undefined, broken)).rejects.toThrow(/unknown route middleware/);
      writeFileSync(path.join(broken, 'static-info/route-rules.json'), '{"rules": [');
      await expect(seedRestrictionsAndRoutes(database.db, undefined, broken)).rejects.toThrow(/invalid JSON/);
      mkdirSync(path.join(broken, 'translations'), { recursive: true });
      writeFileSync(path.join(broken, 'translations/en.json'), '{"a": {"__proto__": "x"}}');
      await expect(seedTranslations(database.db, undefined, broken)).rejects.toThrow(/reserved/);
      writeFileSync(path.join(broken, 'translations/en.json'), '{"a.b": "x"}');
      await expect(seedTranslations(database.db, undefined, broken)).rejects.toThrow(/no dot/);
      writeFileSync(path.join(broken, 'translations/en.json'), '{"a": {"b": "x"}}');
      mkdirSync(path.join(broken, 'translations/en'), { recursive: true });
      writeFileSync(path.join(broken, 'translations/en/a.json'), '{"c": "y"}');
      await expect(seedTranslations(database.db, undefined, broken)).rejects.toThrow(/namespace a is already defined/);
      rmSync(path.join(broken, 'translations/en/a.json'));
      mkdirSync(path.join(broken, 'translations/en/a'), { recursive: true });
      writeFileSync(path.join(broken, 'translations/en/a/feature.json'), '{"b": "twice"}');
      await expect(seedTranslations(database.db, undefined, broken)).rejects.toThrow(/key a\.b is already defined/);
      rmSync(path.join(broken, 'translations/en/a'), { recursive: true });
      writeFileSync(path.join(broken, 'translations/en.json'), '{"__proto__": {"b": "x"}}');
      await expect(seedTranslations(database.db, undefined, broken)).rejects.toThrow(/reserved/);
      mkdirSync(path.join(broken, 'legal-pages/en'), { recursive: true });
      writeFileSync(path.join(broken, 'legal-pages/en/terms.md'), 'no title line');
      await expect(seedLegalPages(database.db, undefined, broken)).rejects.toThrow(/# Title/);
      expect(await counts(database.db)).toEqual(before);
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });
});
