import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { seedDatabase } from '@sweepstack/db/seed';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

const run = promisify(execFile);

describe.each(dialectsUnderTest())('auth CLIs on %s', (dialect) => {
  let t: TestApp;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: true });
    await seedDatabase(t.database.db, { theme: 'nlc', demo: true });
    env = { ...process.env, DATABASE_URL: t.database.url, DATA_DIR: t.dataDir, PUBLIC_URL: 'https://play.example.com', NODE_ENV: 'test', LOG_LEVEL: 'silent' };
  });
  afterAll(async () => {
    await t.close();
  });

  it('auth:login-link prints a one-time link that signs the demo player in', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/login-link.ts', 'Demo@Sweepstack.local', '/lobby/'], { env });
    const link = new URL(stdout.trim());
    expect(link.origin).toBe('https://play.example.com');
    expect(link.pathname).toBe('/lobby/');
    const aa = link.searchParams.get('aa');
    expect(aa).toBeTruthy();
    const res = await t.app.inject({ method: 'GET', url: `/rest/request/handle/?path=/lobby/&aa=${aa}` });
    expect(res.json()).toEqual({ authorized: true, redirectUrl: '/lobby/?autologin=true' });
  });

  it('auth:login-link fails for an unknown email', async () => {
    await expect(run(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/login-link.ts', 'ghost@example.com'], { env })).rejects.toMatchObject({ code: 1 });
  });

  it('mail:outbox prints the kept messages', async () => {
    await t.app.inject({ method: 'POST', url: '/rest/auth/reset/', payload: { email: 'demo@sweepstack.local' } });
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/outbox.ts'], { env });
    expect(stdout).toContain('email to demo@sweepstack.local [kept]');
    expect(stdout).toContain(`${t.app.deps.config.publicOrigin}/reset?token=`);
  });
});
