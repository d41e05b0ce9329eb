import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startServerProcess } from './testing/server-process';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

describe('server process', () => {
  it('refuses a bad setting with one line naming the variable', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', '--no-web'], {
      cwd: root,
      env: { ...process.env, PORT: 'not-a-port', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ss-main-')) },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain('PORT');
  });

  it('serves, then drains and exits 0 on SIGTERM', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ss-main-'));
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', '--no-web'], {
      cwd: root,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, DATABASE_URL: `sqlite:${path.join(dir, 'db.sqlite')}`, LOG_LEVEL: 'warn', REDIS_URL: '' },
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    let ready = false;
    for (let i = 0; i < 150 && !ready; i++) {
      await new Promise((r) => setTimeout(r, 100));
      ready = await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false);
    }
    expect(ready).toBe(true);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  });

  it('runs as npm start does in production mode: a generated session secret under DATA_DIR with a log line, no /dev/outbox', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ss-main-'));
    const server = await startServerProcess({
      port: await freePort(),
      // Nothing set but where to keep data: what `npm start` on a fresh machine gets.
      env: { NODE_ENV: undefined, SESSION_SECRET: undefined, DATA_DIR: dir, DATABASE_URL: `sqlite:${path.join(dir, 'db.sqlite')}`, LOG_LEVEL: 'info' },
      args: ['--no-web'],
    });
    try {
      const outbox = await fetch(`${server.url}/dev/outbox`);
      expect(outbox.status).toBe(404);
      const secretFile = path.join(dir, 'session-secret');
      expect(existsSync(secretFile)).toBe(true);
      const secret = readFileSync(secretFile, 'utf8').trim();
      expect(secret).toMatch(/^[0-9a-f]{64}$/);
      expect(server.output()).toContain('SESSION_SECRET is not set: using the secret generated under DATA_DIR');
      expect(server.output()).not.toContain(secret);
      expect(server.output()).not.toContain('development tools are on');
    } finally {
      await server.stop();
    }
  });
});
