import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, dialectsUnderTest, type TestDatabase } from '@sweepstack/testkit/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featureFolders, numberedFiles } from './feature-folders';
import { migrateToLatest } from './migrate';
import { seedDatabase } from './seed';
import { addFixtureNote, fixtureNotesOf } from './testing/fixture-features/fixture-notes/repository';

/** A folder laid out like `src/` holding one feature, `fixture-notes` (tables, migration, seed, repository). */
const FIXTURE_ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'testing', 'fixture-features');

describe('feature folders', () => {
  it('finds a feature by its folder and interleaves its numbered files with the central ones by number', () => {
    expect(featureFolders(FIXTURE_ROOT).map((dir) => path.basename(dir))).toEqual(['fixture-notes']);
    const names = numberedFiles('migrations', { extraFeatureRoots: [FIXTURE_ROOT] }).map((f) => f.name);
    expect(names).toContain('1000-fixture-notes');
    expect(names).toEqual([...names].sort());
    expect(numberedFiles('migrations').map((f) => f.name)).not.toContain('1000-fixture-notes');
  });

  it("refuses a feature's numbered file that does not carry its name, and two files of one name", () => {
    const root = mkdtempSync(path.join(tmpdir(), 'sweepstack-features-'));
    try {
      mkdirSync(path.join(root, 'alpha', 'migrations'), { recursive: true });
      writeFileSync(path.join(root, 'alpha', 'migrations', '1000-beta-table.ts'), '');
      expect(() => numberedFiles('migrations', { extraFeatureRoots: [root] })).toThrow(/NNNN-alpha-what\.ts/);
      rmSync(path.join(root, 'alpha', 'migrations', '1000-beta-table.ts'));
      writeFileSync(path.join(root, 'alpha', 'migrations', '1000-alpha-table.ts'), '');
      expect(() => numberedFiles('migrations', { extraFeatureRoots: [root, root] })).toThrow(/two migrations files are named 1000-alpha-table/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe.each(dialectsUnderTest())('a feature folder in the migration and seed runners (%s)', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    // Migrated without the fixture first: an existing database that then gains a feature.
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("runs a new feature's migration on a database that already ran every central one, then nothing more", async () => {
    const applied = await migrateToLatest(database.db, { extraFeatureRoots: [FIXTURE_ROOT] });
    expect(applied).toEqual(['1000-fixture-notes']);
    expect(await migrateToLatest(database.db, { extraFeatureRoots: [FIXTURE_ROOT] })).toEqual([]);
  });

  it("seeds the feature with the central seeders, idempotently, and its repository reads the augmented table", async () => {
    const seeded = await seedDatabase(database.db, { theme: 'nlc', extraFeatureRoots: [FIXTURE_ROOT] });
    expect(seeded).toContain('1000-fixture-notes.ts');
    expect(seeded.indexOf('1000-fixture-notes.ts')).toBeGreaterThan(seeded.indexOf('0060-cashier-packages.ts'));
    await seedDatabase(database.db, { theme: 'nlc', extraFeatureRoots: [FIXTURE_ROOT] });
    expect(await fixtureNotesOf(database.db, 0)).toEqual(['seeded']);
    await database.db.transaction().execute((trx) => addFixtureNote(trx, 7, 'hello', 1));
    expect(await fixtureNotesOf(database.db, 7)).toEqual(['hello']);
  });
});
