import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type DialectName } from '@sweepstack/db/connection';
import type { Clock } from '@sweepstack/domain/shared/clock';
import { createTestDatabase, type TestDatabase } from '@sweepstack/testkit/test-database';
import type { FastifyInstance } from 'fastify';
import { build } from '../app';
import { loadConfig } from '../config';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  dataDir: string;
  close(): Promise<void>;
}

/** A real server (no listen) on a fresh database of the given dialect, for `app.inject()` tests. */
export async function createTestApp(
  dialect: DialectName,
  options: { env?: Record<string, string>; clock?: Clock; seed?: boolean; seededQuestsRunning?: boolean; devTools?: boolean; secondNodeOf?: TestDatabase; web?: 'production' } = {},
): Promise<TestApp> {
  // A second node of one site: its own connection to another app's database (which that app destroys).
  const database: TestDatabase = options.secondNodeOf
    ? (() => {
        const handle = openDatabase(options.secondNodeOf.url);
        return { ...handle, destroy: () => handle.close() };
      })()
    : await createTestDatabase(dialect);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sweepstack-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '100000',
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    ...options.env,
  }, { devTools: options.devTools ?? false });
  if (options.seed) {
    const { seedDatabase } = await import('@sweepstack/db/seed');
    // The seeded quest stays off unless asked for: a running quest pays for rounds (docs/features/quests.md).
    await seedDatabase(database.db, { theme: config.THEME, questsRunning: options.seededQuestsRunning ?? false });
  }
  const app = await build({ config, database, logger: false, ...(options.clock ? { clock: options.clock } : {}), ...(options.web ? { web: options.web } : {}) });
  await app.ready();
  return {
    app,
    database,
    dataDir,
    close: async () => {
      await app.close();
      await database.destroy();
    },
  };
}
