import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { countJobsByStatus, findJob, scheduleJob } from '@sweepstack/db/jobs/repository';
import { ensurePlayerAccounts, ensureSystemAccounts } from '@sweepstack/db/repositories/ledger/accounts';
import { getPlayerBalance } from '@sweepstack/db/repositories/ledger/balances';
import { expectLedgerBalanced } from '@sweepstack/testkit/ledger-invariants';
import { createTestDatabase, dialectsUnderTest, type TestDatabase } from '@sweepstack/testkit/test-database';
import { insertWalletTestPlayer } from '@sweepstack/testkit/wallet-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOW_PRIZE_JOB } from './testing/job-node';

/**
 * Durable jobs across processes (docs/jobs.md): two real server processes on one PostgreSQL database
 * run the same prize jobs; one is SIGKILLed while it holds a job. Its transaction dies with it, its
 * lease expires, the other process takes the job over: every key is credited exactly once.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const onPostgres = dialectsUnderTest().includes('postgres');
if (!onPostgres) console.warn('jobs: two server processes with one SIGKILLed mid-job (SKIPPED: set DATABASE_URL=postgres://… to run it)');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const LEASE_MS = 2000;
const JOBS = 24;
const AMOUNT = 100;

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

interface Node {
  child: ChildProcess;
  exited: Promise<number | null>;
  output(): string;
}

async function startNode(database: TestDatabase): Promise<Node> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ss-jobs-node-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/jobs/testing/job-node.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'jobs-two-processes-secret-0123456789abcd',
      JOBS_LEASE_MS: String(LEASE_MS),
      PAYMENTS_SANDBOX_WORKER: 'false',
    },
  });
  let log = '';
  const keep = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  void exited.then(() => rmSync(dataDir, { recursive: true, force: true }));
  for (let i = 0; i < 600 && child.exitCode === null; i++) {
    if (await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false)) return { child, exited, output: () => log };
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`job node did not become ready:\n${log}`);
}

function runAudit(databaseUrl: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'audit:ledger'], { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe.runIf(onPostgres)('durable jobs on two server processes (PostgreSQL)', () => {
  let database: TestDatabase;
  const nodes: Node[] = [];
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await ensureSystemAccounts(database.db);
  });
  afterAll(async () => {
    for (const node of nodes) if (node.child.exitCode === null) node.child.kill('SIGKILL');
    await Promise.all(nodes.map((node) => node.exited));
    await database?.destroy();
  });

  it('one process SIGKILLed mid-job: the other takes its job over after the lease; one credit per key, the audit passes', async () => {
    const playerId = await insertWalletTestPlayer(database.db);
    await ensurePlayerAccounts(database.db, playerId);
    const [a, b] = await Promise.all([startNode(database), startNode(database)]);
    nodes.push(a!, b!);
    await database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < JOBS; i++) await scheduleJob(trx, SLOW_PRIZE_JOB, `prize-${i}`, Date.now(), { playerId, amount: AMOUNT, holdMs: 250 });
    });

    // Kill A while it holds a job: its claim token names its process id.
    const marker = `:${a!.child.pid}:`;
    let killedKey: string | undefined;
    for (let i = 0; i < 400 && !killedKey; i++) {
      const held = await database.db.selectFrom('jobs').select(['key', 'claim_token']).where('kind', '=', SLOW_PRIZE_JOB).where('status', '=', 'running').execute();
      killedKey = held.find((job) => job.claim_token?.includes(marker))?.key;
      if (killedKey) a!.child.kill('SIGKILL');
      else await sleep(10);
    }
    expect(killedKey, a!.output()).toBeDefined();
    await a!.exited;

    // B finishes everything, the killed job once A's lease has expired.
    let done = 0;
    for (let i = 0; i < 300 && done < JOBS; i++) {
      done = (await countJobsByStatus(database.db, SLOW_PRIZE_JOB)).done;
      if (done < JOBS) await sleep(100);
    }
    expect(done, b!.output()).toBe(JOBS);
    const killed = (await findJob(database.db, SLOW_PRIZE_JOB, killedKey!))!;
    expect(killed.status).toBe('done');
    expect(killed.attempts).toBeGreaterThanOrEqual(2);

    const credits = await database.db.selectFrom('ledger_transfers').select(['idempotency_key']).where('idempotency_key', 'like', `job:${SLOW_PRIZE_JOB}:%`).execute();
    expect(credits.map((c) => c.idempotency_key).sort()).toEqual(Array.from({ length: JOBS }, (_, i) => `job:${SLOW_PRIZE_JOB}:prize-${i}`).sort());
    expect((await getPlayerBalance(database.db, playerId)).coins).toBe(JOBS * AMOUNT);
    await expectLedgerBalanced(database.db);
    const audit = await runAudit(database.url);
    expect(audit.code, audit.output).toBe(0);
    expect(audit.output).toContain('ledger audit passed');
  }, 120_000);
});
