import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { seedDatabase } from '@sweepstack/db/seed';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { featureFiles, FEATURES_DIR } from '../platform/load-features';
import { existsSync } from 'node:fs';
import path from 'node:path';

const run = promisify(execFile);

// `npm run economy:sim` finds each feature's economy.ts by folder scan (docs/rewards.md).
describe.each(dialectsUnderTest())('economy:sim on %s', (dialect) => {
  let t: TestApp;
  let env: NodeJS.ProcessEnv;
  const sim = (...args: string[]) => run(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/economy-sim.ts', ...args], { env });
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: true });
    await seedDatabase(t.database.db, { theme: 'nlc', demo: false });
    env = { ...process.env, DATABASE_URL: t.database.url, NODE_ENV: 'test', LOG_LEVEL: 'silent' };
  });
  afterAll(async () => {
    await t.close();
  });

  it("reports every feature that has an economy.ts and prizes in the database, with its options in --help", async () => {
    const withEconomy = featureFiles([FEATURES_DIR])
      .map((file) => path.dirname(file))
      .filter((dir) => existsSync(path.join(dir, 'economy.ts')))
      .map((dir) => path.basename(dir));
    expect(withEconomy).toEqual(expect.arrayContaining(['daily-login', 'wheel-of-treasure']));
    const { stdout } = await sim('--players', '300', '--days', '5');
    expect(stdout).toContain('economy:sim: 300 players, 5 days');
    for (const feature of ['daily-login', 'wheel-of-treasure']) {
      expect(stdout).toMatch(new RegExp(`^${feature}: `, 'm'));
    }
    const { stdout: help } = await sim('--help');
    expect(help).toContain('--claim-chance');
    expect(help).toContain('(wheel-of-treasure; default 0.9)');
  });

  it('refuses a behaviour figure out of range, and an unknown option', async () => {
    await expect(sim('--claim-chance', '2')).rejects.toMatchObject({ code: 2 });
    await expect(sim('--no-such-option', '1')).rejects.toMatchObject({ code: 1 });
  });

  it('the same seed gives the same figures', async () => {
    const a = (await sim('--players', '200', '--days', '4', '--seed', '7')).stdout;
    const b = (await sim('--players', '200', '--days', '4', '--seed', '7')).stdout;
    expect(a).toBe(b);
    expect(a).toMatch(/Gold Coins: per active player per day mean [\d,]+ GC/);
  });
});
