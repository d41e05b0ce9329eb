import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type DatabaseHandle, type DialectName } from '@sweepstack/db/connection';
import { migrateToLatest } from '@sweepstack/db/migrate';
import pg from 'pg';

/** The PostgreSQL server integration tests may create databases on, when one is configured. */
export function postgresAdminUrl(): string | undefined {
  const url = process.env.TEST_POSTGRES_URL ?? process.env.DATABASE_URL;
  return url && /^postgres(ql)?:\/\//.test(url) ? url : undefined;
}

/**
 * Dialects the integration suite loops over: SQLite always, PostgreSQL when its URL is given.
 * `TEST_DIALECTS=postgres` (with a PostgreSQL URL) runs the PostgreSQL side only: CI's second run,
 * whose SQLite side `npm test` has just run (.ci/run).
 */
export function dialectsUnderTest(): DialectName[] {
  const all: DialectName[] = postgresAdminUrl() ? ['sqlite', 'postgres'] : ['sqlite'];
  if (process.env.TEST_DIALECTS === 'postgres') {
    if (!all.includes('postgres')) throw new Error('TEST_DIALECTS=postgres needs DATABASE_URL (or TEST_POSTGRES_URL) set to postgres://…');
    return ['postgres'];
  }
  return all;
}

export interface TestDatabase extends DatabaseHandle {
  /** Closes and deletes the database. */
  destroy(): Promise<void>;
}

/**
 * A fresh, migrated database of its own for one test file (so test workers never share one):
 * a temporary SQLite file, or a new PostgreSQL database that is dropped afterwards.
 */
export async function createTestDatabase(dialect: DialectName): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'sweepstack-test-'));
    const handle = openDatabase(`sqlite:${path.join(dir, 'test.db')}`);
    await migrateToLatest(handle.db);
    return {
      ...handle,
      destroy: async () => {
        await handle.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = postgresAdminUrl();
  if (!adminUrl) throw new Error('PostgreSQL tests need DATABASE_URL or TEST_POSTGRES_URL set to postgres://…');
  const name = `sweepstack_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase(url.toString(), { poolSize: 20 });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    destroy: async () => {
      await handle.close();
      const cleaner = new pg.Client({ connectionString: adminUrl });
      await cleaner.connect();
      await cleaner.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleaner.end();
    },
  };
}
