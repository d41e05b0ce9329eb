import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedDatabase } from '@sweepstack/db/seed';
import { expectLedgerBalanced } from '@sweepstack/testkit/ledger-invariants';
import { createTestDatabase, dialectsUnderTest, type TestDatabase } from '@sweepstack/testkit/test-database';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Spec §6: two real server processes on one PostgreSQL database and one Redis; a real Chromium is
 * signed in on node B; a purchase is made and settled through node A (its API, its provider worker
 * and webhook, its outbox dispatcher). Node B runs no dispatcher (OUTBOX_DISPATCHER=false), so every
 * push its browser gets crossed Redis from node A.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const redisUrl = process.env.REDIS_URL;
const onPostgres = dialectsUnderTest().includes('postgres');
// The candidates of scripts/find-chromium.mjs (Debian's Chromium, or CHROME_PATH).
const chromiumPath = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((c) => c && existsSync(c));
const browserRequired = process.env.E2E === 'required';

const skipNote = !redisUrl
  ? 'SKIPPED: set REDIS_URL=redis://… and DATABASE_URL=postgres://… to run it'
  : !onPostgres
    ? 'SKIPPED: set DATABASE_URL=postgres://… to run it'
    : !chromiumPath && !browserRequired
      ? 'SKIPPED: no Chromium found (apt-get install -y chromium, or set CHROME_PATH)'
      : '';
// Say so where everyone looks: a skipped cross-node test must not pass for a green one.
if (skipNote) console.warn(`realtime: two server processes with a browser on node B (${skipNote})`);

const SESSION_SECRET = 'two-process-secret-two-process-secret-01';
const PAYMENTS_SECRET = 'two-process-sandbox-secret-0123456789abcd';
const PASSWORD = 'Two-Nodes-2026';
const PACKAGE = { presetId: 'gc-5k', goldCoins: 5000 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** 3421/3422 when free (easy to spot in logs), else any free port. */
async function pickPort(preferred: number): Promise<number> {
  const listenOn = (port: number) =>
    new Promise<number | null>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(null));
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        const chosen = typeof address === 'object' && address ? address.port : null;
        server.close(() => resolve(chosen));
      });
    });
  return (await listenOn(preferred)) ?? (await listenOn(0))!;
}

interface Node {
  name: string;
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  /** The last output of the process, for failure messages. */
  output(): string;
}

async function startNode(name: string, port: number, database: TestDatabase, extraEnv: Record<string, string>): Promise<Node> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `ss-two-nodes-${name}-`));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl!,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
      THEME: 'nlc',
      // One deployment: the nodes share the secrets, each has its own data folder.
      SESSION_SECRET,
      PAYMENTS_SANDBOX_SECRET: PAYMENTS_SECRET,
      ...extraEnv,
    },
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  exited.then(() => rmSync(dataDir, { recursive: true, force: true }), () => undefined);
  const node: Node = { name, url, child, exited, output: () => log };
  let gone = false;
  void exited.then(() => (gone = true));
  for (let i = 0; i < 600 && !gone; i++) {
    if (await fetch(`${url}/readyz`).then((r) => r.ok, () => false)) return node;
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`node ${name} did not become ready on ${url}:\n${log}`);
}

async function stopNode(node: Node | undefined): Promise<void> {
  if (!node || node.child.exitCode !== null) return;
  node.child.kill('SIGTERM');
  const timer = setTimeout(() => node.child.kill('SIGKILL'), 10_000);
  await node.exited;
  clearTimeout(timer);
}

/** The header's Gold Coins as a number. */
async function goldCoins(page: Page): Promise<number> {
  const text = (await page.getByTestId('balance-gold').textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
}

/** Polls `read` until it returns `expected` (or the time is up, then fails with the last value). */
async function until<T>(read: () => Promise<T> | T, expected: T, timeoutMs: number, what: string): Promise<void> {
  let last: T | undefined;
  for (let waited = 0; waited <= timeoutMs; waited += 100) {
    last = await read();
    if (Object.is(last, expected)) return;
    await sleep(100);
  }
  expect(last, what).toBe(expected);
}

interface Push {
  eventId: number;
  message: { type: string; action: string; data?: Record<string, unknown> };
}

function runAudit(databaseUrl: string): { code: number | null; output: string } {
  const result = spawnSync('npm', ['run', '--silent', 'audit:ledger'], { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: 'utf8' });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

describe.skipIf(Boolean(skipNote))('two server processes on PostgreSQL and Redis, a browser on node B', () => {
  let database: TestDatabase;
  let nodeA: Node;
  let nodeB: Node;
  let browser: Browser;

  beforeAll(async () => {
    if (!chromiumPath) throw new Error('no Chromium found and E2E=required (apt-get install -y chromium, or set CHROME_PATH)');
    // Node B serves the production web build: build it when it is missing or stale.
    const build = spawnSync(process.execPath, ['scripts/ensure-build.mjs'], { cwd: root, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`web build failed:\n${build.stdout}${build.stderr}`);
    database = await createTestDatabase('postgres');
    await seedDatabase(database.db, { theme: 'nlc' });
    const [portA, portB] = [await pickPort(3421), await pickPort(3422)];
    [nodeA, nodeB] = await Promise.all([
      // Node A: API only; its provider worker delivers the webhooks to itself; it dispatches the outbox.
      startNode('A', portA, database, {}),
      // Node B: the site the browser uses; no provider worker and no outbox dispatcher.
      startNode('B', portB, database, { PAYMENTS_SANDBOX_WORKER: 'false', OUTBOX_DISPATCHER: 'false' }),
    ]);
    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await Promise.all([stopNode(nodeA), stopNode(nodeB)]);
    await database?.destroy();
  }, 60_000);

  it('a purchase completed through node A updates the header balance and opens the success page of a browser on node B, without a reload', async () => {
    const context = await browser.newContext({ baseURL: nodeB.url });
    // The preset package offer opens 5 s after load; this journey is not about it.
    await context.addCookies([{ name: 'presetPackageModal', value: '1', url: nodeB.url, expires: Math.floor(Date.now() / 1000) + 3600 }]);
    // Nor about the sign-up gift welcome or the features' daily welcome modals (they would cover the header).
    const featureIds = readdirSync(path.join(root, 'apps/web/app/features'), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    await context.addInitScript((ids: string[]) => {
      const now = new Date();
      const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
      const storage = globalThis as unknown as { sessionStorage: { removeItem(key: string): void }; localStorage: { setItem(key: string, value: string): void } };
      try {
        storage.sessionStorage.removeItem('sweepstack_signup_gift');
        storage.localStorage.setItem('sweepstack_welcomed', JSON.stringify(Object.fromEntries(ids.map((id) => [id, today]))));
      } catch {
        // No storage: nothing to mark.
      }
    }, featureIds);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    // Every push node B's socket delivers to this page (Socket.IO frames `42["push",{…}]`).
    const pushes: Push[] = [];
    let socketConnected = false;
    page.on('websocket', (ws) => {
      if (!ws.url().includes('/socket.io/')) return;
      ws.on('framereceived', ({ payload }) => {
        const text = typeof payload === 'string' ? payload : payload.toString();
        if (text.startsWith('40')) socketConnected = true;
        if (!text.startsWith('42')) return;
        const [event, body] = JSON.parse(text.slice(2)) as [string, Push];
        if (event === 'push') pushes.push(body);
      });
    });

    try {
      // Sign up on node B through the real form.
      const email = `two-nodes-${Date.now()}@e2e.sweepstack.local`;
      await page.goto('/signup/');
      const consent = page.getByTestId('cookie-consent');
      if (await consent.isVisible().catch(() => false)) await consent.getByRole('button').first().click();
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Date of birth').fill('1990-04-12');
      await page.getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.waitForURL(/\/lobby\/?$/, { timeout: 30_000 });
      // The lobby may come from the page cache (production): its balance is a placeholder until the
      // player's data is applied after hydration.
      await page.locator('[data-testid="balance-gold"]:not([data-pending])').waitFor({ timeout: 15_000 });
      await until(() => socketConnected, true, 20_000, 'the page on node B connected its socket');
      await page.evaluate(() => {
        (globalThis as unknown as { __sameDocument: boolean }).__sameDocument = true;
      });
      const before = await goldCoins(page);

      // The same player's session, used against node A's API.
      const session = (await context.cookies(nodeB.url)).find((c) => c.name === 'ss_session');
      expect(session, 'the session cookie node B set').toBeDefined();
      const buyOnNodeA = async (key: string): Promise<string> => {
        const res = await fetch(`${nodeA.url}/rest/cash/deposit/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: `ss_session=${session!.value}`, origin: nodeA.url },
          body: JSON.stringify({ presetId: PACKAGE.presetId, methodId: 'card', card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' }, idempotencyKey: key }),
        });
        const json = (await res.json()) as { data?: { paymentId: string; status: string } };
        expect(res.status, JSON.stringify(json)).toBe(200);
        expect(json.data?.status).toBe('complete');
        return json.data!.paymentId;
      };

      // 1. The page just shows the lobby: the balance push from node A moves the header.
      const first = await buyOnNodeA(`two-nodes-first-${Date.now()}`);
      await until(() => goldCoins(page), before + PACKAGE.goldCoins, 20_000, 'the header balance on node B after the first purchase');
      expect(pushes.some((p) => p.message.type === 'balance')).toBe(true);

      // 2. The cashbox is open on node B: the deposit push of a purchase made through node A opens the success page.
      await page.getByRole('link', { name: 'Buy' }).first().click();
      await page.getByTestId('cash-widget').waitFor({ timeout: 15_000 });
      const second = await buyOnNodeA(`two-nodes-second-${Date.now()}`);
      await page.getByTestId('cash-success').waitFor({ timeout: 20_000 });
      await until(() => goldCoins(page), before + 2 * PACKAGE.goldCoins, 20_000, 'the header balance on node B after the second purchase');

      // Both without a reload, each deposit pushed once, over node B's socket.
      expect(await page.evaluate(() => (globalThis as unknown as { __sameDocument?: boolean }).__sameDocument === true)).toBe(true);
      const completes = pushes.filter((p) => p.message.type === 'deposit' && p.message.action === 'complete').map((p) => p.message.data?.paymentId);
      expect(completes.sort()).toEqual([first, second].sort());
      expect(new Set(pushes.map((p) => p.eventId)).size).toBe(pushes.length);
      expect(pageErrors).toEqual([]);

      // Each purchase credited once; the ledger balances.
      const credits = await database.db.selectFrom('ledger_transfers').select('idempotency_key').where('reason', '=', 'purchase').where('currency', '=', 'GC').execute();
      expect(credits.map((c) => c.idempotency_key).sort()).toEqual([`purchase:${first}:GC`, `purchase:${second}:GC`].sort());
      await expectLedgerBalanced(database.db);
      const audit = runAudit(database.url);
      expect(audit.code, audit.output).toBe(0);
      expect(audit.output).toContain('ledger audit passed');
    } catch (error) {
      const logs = [nodeA, nodeB].map((n) => `--- node ${n.name} (${n.url}) ---\n${n.output()}`).join('\n');
      throw new Error(`${error instanceof Error ? error.message : String(error)}\n${logs}`, { cause: error });
    } finally {
      await context.close();
    }
  }, 120_000);
});
