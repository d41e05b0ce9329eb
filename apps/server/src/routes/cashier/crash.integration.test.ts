import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedDatabase } from '@sweepstack/db/seed';
import { expectLedgerBalanced } from '@sweepstack/testkit/ledger-invariants';
import { createTestDatabase, dialectsUnderTest } from '@sweepstack/testkit/test-database';
import { describe, expect, it } from 'vitest';
import { ADULT_BIRTHDAY, GOOD_PASSWORD } from '../../testing/auth-helpers';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startServer(env: NodeJS.ProcessEnv, port: number): Promise<{ child: ChildProcess; exited: Promise<number | null> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', '--no-web'], { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr?.resume();
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  for (let i = 0; i < 300; i++) {
    if (await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false)) return { child, exited };
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error('server did not become ready');
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

describe.each(dialectsUnderTest())('cashier crash recovery on %s', (dialect) => {
  it('a server killed with SIGKILL mid-load restarts; the audit passes and every purchase answered complete is credited exactly once', async () => {
    const database = await createTestDatabase(dialect);
    try {
      await seedDatabase(database.db, { theme: 'nlc' });
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const env = {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ss-cashier-crash-')),
        DATABASE_URL: database.url,
        LOG_LEVEL: 'silent',
        REDIS_URL: '',
        RATE_LIMIT_MAX: '100000',
        SESSION_SECRET: 'crash-test-secret-crash-test-secret-0123',
        PAYMENTS_SANDBOX_MODE: 'realistic',
        PAYMENTS_SANDBOX_DUPLICATE_RATE: '0.3',
        PAYMENTS_SANDBOX_REORDER_RATE: '0.3',
      };
      let server = await startServer(env, port);
      const cookies: string[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await fetch(`${base}/rest/auth/signup/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: `crash${i}.${dialect}@example.com`, password: GOOD_PASSWORD, birthday: ADULT_BIRTHDAY, acceptedTerms: true }),
        });
        expect(res.status).toBe(200);
        const cookie = res.headers.getSetCookie().find((c) => c.startsWith('ss_session='))!.split(';')[0]!;
        cookies.push(cookie);
      }
      const completes: string[] = [];
      const answered: string[] = [];
      const purchases = Array.from({ length: 48 }, async (_, i) => {
        await sleep(i * 25);
        const body = { presetId: 'gc-5k', methodId: i % 3 === 0 ? 'apple_pay' : 'card', ...(i % 3 === 0 ? {} : { card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' } }), idempotencyKey: `crash-${dialect}-${i}` };
        const res = await fetch(`${base}/rest/cash/deposit/`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: cookies[i % cookies.length]! }, body: JSON.stringify(body) });
        const json = (await res.json()) as { data?: { paymentId: string; status: string } };
        if (json.data) answered.push(json.data.paymentId);
        if (json.data?.status === 'complete') completes.push(json.data.paymentId);
      });
      const settled = Promise.allSettled(purchases);
      for (let i = 0; i < 200 && completes.length < 5; i++) await sleep(20);
      server.child.kill('SIGKILL');
      await server.exited;
      await settled;
      expect(completes.length).toBeGreaterThanOrEqual(5);
      // Some purchases were cut off by the crash.
      expect(answered.length).toBeLessThan(48);

      server = await startServer(env, port);
      try {
        // The provider's durable jobs deliver what the dead process had not.
        let pending = Infinity;
        // Deliveries the dead process had claimed wait for their 30 s lease to expire.
        for (let i = 0; i < 600 && pending > 0; i++) {
          const row = await database.db
            .selectFrom('jobs')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('kind', 'like', 'payments-sandbox.%')
            .where('status', 'in', ['pending', 'running'])
            .executeTakeFirstOrThrow();
          pending = Number(row.n);
          if (pending > 0) await sleep(100);
        }
        expect(pending).toBe(0);
        const audit = await runAudit(database.url);
        expect(audit.code, audit.output).toBe(0);
        expect(audit.output).toContain('ledger audit passed');
        await expectLedgerBalanced(database.db);
        for (const paymentId of completes) {
          const credits = await database.db.selectFrom('ledger_transfers').select(['idempotency_key']).where('idempotency_key', 'like', `purchase:${paymentId}:%`).execute();
          expect(credits.map((c) => c.idempotency_key).sort(), paymentId).toEqual([`purchase:${paymentId}:FC`, `purchase:${paymentId}:GC`]);
          const row = await database.db.selectFrom('cashier_payments').select('status').where('id', '=', paymentId).executeTakeFirstOrThrow();
          expect(row.status).toBe('complete');
        }
        // Every credited purchase is a complete payment, once, and the deposit counters agree.
        const complete = await database.db.selectFrom('cashier_payments').select(['id', 'player_id', 'gold_coins']).where('status', '=', 'complete').execute();
        const gcCredits = await database.db.selectFrom('ledger_transfers').select(['idempotency_key', 'amount']).where('reason', '=', 'purchase').where('currency', '=', 'GC').execute();
        expect(gcCredits.map((c) => c.idempotency_key).sort()).toEqual(complete.map((p) => `purchase:${p.id}:GC`).sort());
        const stats = await database.db.selectFrom('cashier_player_stats').select(['player_id', 'deposits_count']).execute();
        for (const stat of stats) expect(Number(stat.deposits_count)).toBe(complete.filter((p) => Number(p.player_id) === Number(stat.player_id)).length);
      } finally {
        server.child.kill('SIGTERM');
        await server.exited;
      }
    } finally {
      await database.destroy();
    }
  }, 120_000);
});
