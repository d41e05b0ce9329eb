import { Writable } from 'node:stream';
import { openDatabase, type DatabaseHandle } from '@sweepstack/db/connection';
import { claimJobs, countJobsByStatus, findJob, type Job, listJobs, scheduleJob } from '@sweepstack/db/jobs/repository';
import { transfer } from '@sweepstack/db/repositories/ledger/transfers';
import { getPlayerBalance } from '@sweepstack/db/repositories/ledger/balances';
import { expectLedgerBalanced } from '@sweepstack/testkit/ledger-invariants';
import { createTestDatabase, dialectsUnderTest, type TestDatabase } from '@sweepstack/testkit/test-database';
import { insertWalletTestPlayer } from '@sweepstack/testkit/wallet-fixtures';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePlayerAccounts, ensureSystemAccounts } from '@sweepstack/db/repositories/ledger/accounts';
import { ManualClock } from '../testing/auth-helpers';
import { ON_TIME_MS } from './cron';
import { type AnyJobDefinition, defineJob, JobRegistry } from './registry';
import { checkClockSkew, JobRunner } from './runner';

/** A logger that keeps what was logged at warn and above. */
function capturingLogger(): { log: FastifyBaseLogger; lines: { level: number; msg: string }[] } {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as { level: number; msg: string });
      done();
    },
  });
  return { log: pino({ level: 'warn' }, stream) as unknown as FastifyBaseLogger, lines };
}

const ERROR_LEVEL = 50;
const HOUR = 3_600_000;

describe.each(dialectsUnderTest())('durable jobs on %s', (dialect) => {
  let database: TestDatabase;
  let playerId: number;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await ensureSystemAccounts(database.db);
    playerId = await insertWalletTestPlayer(database.db);
    await ensurePlayerAccounts(database.db, playerId);
  });
  afterAll(async () => {
    await database.destroy();
  });

  function runnerWith(definitions: AnyJobDefinition[], clock: ManualClock, options: { leaseMs?: number; db?: DatabaseHandle } = {}) {
    const registry = new JobRegistry();
    for (const definition of definitions) registry.define(definition);
    const logger = capturingLogger();
    const runner = new JobRunner({ database: options.db ?? database, registry, clock, log: logger.log, leaseMs: options.leaseMs ?? 30_000 });
    return { runner, registry, logger };
  }

  /** A job kind that pays `amount` Gold Coins as a prize whose ledger key is the job's key. */
  function prizeJob(kind: string, runs: Map<string, number>): AnyJobDefinition {
    return defineJob<{ playerId: number; amount: number }>({
      kind,
      async run(job, { db }) {
        runs.set(job.key, (runs.get(job.key) ?? 0) + 1);
        await transfer(db, { idempotencyKey: `job:${job.kind}:${job.key}`, from: { system: 'prizes' }, to: { playerId: job.payload.playerId, kind: 'player_balance' }, currency: 'GC', amount: job.payload.amount, reason: 'prize' });
      },
    });
  }

  it('schedules in the caller transaction, unique on (kind, key): a second schedule does nothing and says so', async () => {
    const clock = new ManualClock();
    const first = await database.db.transaction().execute((trx) => scheduleJob(trx, 'test.unique', 'k1', clock.nowMs(), { n: 1 }, { clock }));
    expect(first).toMatchObject({ scheduled: true });
    const second = await scheduleJob(database.db, 'test.unique', 'k1', clock.nowMs() + 5000, { n: 2 }, { clock });
    expect(second).toEqual({ scheduled: false, id: (first as { id: number }).id, status: 'pending' });
    expect((await findJob(database.db, 'test.unique', 'k1'))?.payload).toEqual({ n: 1 });
    // Rolled back with the caller: no job.
    await expect(
      database.db.transaction().execute(async (trx) => {
        await scheduleJob(trx, 'test.unique', 'k2', clock.nowMs(), {}, { clock });
        throw new Error('the caller failed');
      }),
    ).rejects.toThrow('the caller failed');
    expect(await findJob(database.db, 'test.unique', 'k2')).toBeUndefined();
    await expect(scheduleJob(database.db, 'Bad Kind', 'k', 0)).rejects.toThrow('invalid job kind');
    await expect(scheduleJob(database.db, 'test.unique', '', 0)).rejects.toThrow('job key');
  });

  it('claims atomically under concurrency: four connections racing claim each due job once', async () => {
    const clock = new ManualClock();
    const kind = 'test.race';
    await database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 120; i++) await scheduleJob(trx, kind, `r${i}`, clock.nowMs() - 1000, {}, { clock });
    });
    // Separate connections (SQLite: four connections to one file; PostgreSQL: pools), claiming at once.
    const handles = [database, ...[1, 2, 3].map(() => openDatabase(database.url, { backgroundCheckpoint: false }))];
    try {
      // Connected before the race starts, so that no claimer is behind by a connection set-up.
      await Promise.all(handles.map((handle) => handle.ping()));
      const claimed: Job[][] = [[], [], [], []];
      await Promise.all(
        handles.map(async (handle, index) => {
          for (let round = 0; round < 60; round++) {
            const jobs = await claimJobs(handle.db, { kinds: [kind], nowMs: clock.nowMs(), leaseMs: 60_000, limit: 2, token: `claimer-${index}-${round}` });
            expect(jobs.length).toBeLessThanOrEqual(2);
            claimed[index]!.push(...jobs);
            if (jobs.length === 0) break;
          }
        }),
      );
      const ids = claimed.flat().map((job) => job.id);
      expect(ids.length).toBe(120);
      expect(new Set(ids).size).toBe(120);
      // More than one claimer won some: the race was real.
      expect(claimed.filter((list) => list.length > 0).length).toBeGreaterThan(1);
      expect((await countJobsByStatus(database.db, kind)).running).toBe(120);
    } finally {
      for (const handle of handles.slice(1)) await handle.close();
    }
  });

  it('several runners on one database run every job exactly once; each prize is one ledger credit', async () => {
    const clock = new ManualClock();
    const runs = new Map<string, number>();
    const kind = 'test.prize';
    const runners = [1, 2, 3].map(() => runnerWith([prizeJob(kind, runs)], clock).runner);
    const before = await getPlayerBalance(database.db, playerId);
    await database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 60; i++) await scheduleJob(trx, kind, `p${i}`, clock.nowMs(), { playerId, amount: 10 }, { clock });
    });
    const ran = await Promise.all(runners.map((runner) => runner.runDue()));
    expect(ran.reduce((a, b) => a + b, 0)).toBe(60);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    expect(runs.size).toBe(60);
    const after = await getPlayerBalance(database.db, playerId);
    expect(after.coins - before.coins).toBe(600);
    const keys = await database.db.selectFrom('ledger_transfers').select('idempotency_key').where('idempotency_key', 'like', `job:${kind}:%`).execute();
    expect(keys.length).toBe(60);
    expect((await countJobsByStatus(database.db, kind)).done).toBe(60);
    await expectLedgerBalanced(database.db);
  });

  it('retries a failing job with its backoff, then moves it to dead with the error kept; nothing it wrote stays', async () => {
    const clock = new ManualClock();
    let attempts = 0;
    const { runner } = runnerWith(
      [
        defineJob({
          kind: 'test.flaky',
          maxAttempts: 3,
          backoff: (attempt) => attempt * 60_000,
          async run(job, { db }) {
            attempts++;
            await transfer(db, { idempotencyKey: `job:${job.kind}:${job.key}`, from: { system: 'prizes' }, to: { playerId, kind: 'player_balance' }, currency: 'GC', amount: 5, reason: 'prize' });
            throw new Error(`upstream refused (attempt ${job.attempts})`);
          },
        }),
      ],
      clock,
    );
    await scheduleJob(database.db, 'test.flaky', 'f1', clock.nowMs(), {}, { clock });
    expect(await runner.runDue()).toBe(1);
    let job = (await findJob(database.db, 'test.flaky', 'f1'))!;
    expect(job).toMatchObject({ status: 'pending', attempts: 1, lastError: 'upstream refused (attempt 1)', runAtMs: clock.nowMs() + 60_000 });
    // Not due before its backoff.
    clock.advance(59_999);
    expect(await runner.runDue()).toBe(0);
    clock.advance(1);
    expect(await runner.runDue()).toBe(1);
    job = (await findJob(database.db, 'test.flaky', 'f1'))!;
    expect(job).toMatchObject({ status: 'pending', attempts: 2, runAtMs: clock.nowMs() + 120_000 });
    clock.advance(120_000);
    expect(await runner.runDue()).toBe(1);
    job = (await findJob(database.db, 'test.flaky', 'f1'))!;
    expect(job).toMatchObject({ status: 'dead', attempts: 3, lastError: 'upstream refused (attempt 3)', finishedAtMs: clock.nowMs() });
    clock.advance(10 * HOUR);
    expect(await runner.runDue()).toBe(0);
    expect(attempts).toBe(3);
    // Each attempt's prize was rolled back with its failure.
    expect(await database.db.selectFrom('ledger_transfers').select('id').where('idempotency_key', '=', 'job:test.flaky:f1').execute()).toEqual([]);
    await expectLedgerBalanced(database.db);
  });

  it('a payload the kind refuses makes the job dead at once', async () => {
    const clock = new ManualClock();
    const { runner } = runnerWith([defineJob({ kind: 'test.typed', payload: { parse: (input: unknown) => { if (typeof (input as { n?: unknown }).n !== 'number') throw new Error('n must be a number'); return input as { n: number }; } }, run: () => undefined })], clock);
    await scheduleJob(database.db, 'test.typed', 't1', clock.nowMs(), { n: 'x' }, { clock });
    await runner.runDue();
    expect(await findJob(database.db, 'test.typed', 't1')).toMatchObject({ status: 'dead', attempts: 1, lastError: 'payload refused: n must be a number' });
  });

  it('an expired lease is taken over; the late run cannot mark the job done and its writes roll back', async () => {
    const clock = new ManualClock();
    const runs = new Map<string, number>();
    const kind = 'test.lease';
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let slowStarted: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (slowStarted = resolve));
    const slow = runnerWith(
      [
        defineJob<{ playerId: number; amount: number }>({
          kind,
          async run(job, { db }) {
            await transfer(db, { idempotencyKey: `job:${job.kind}:${job.key}`, from: { system: 'prizes' }, to: { playerId: job.payload.playerId, kind: 'player_balance' }, currency: 'GC', amount: job.payload.amount, reason: 'prize' });
            if (dialect === 'sqlite') {
              // SQLite has one connection, held by this run's transaction: nobody else can take the job
              // over meanwhile, so the takeover is written from inside the run.
              await db.updateTable('jobs').set({ claim_token: 'someone-else' }).where('id', '=', job.id).execute();
              return;
            }
            slowStarted();
            await held;
          },
        }),
      ],
      clock,
      { leaseMs: 10_000 },
    ).runner;
    const before = await getPlayerBalance(database.db, playerId);
    await scheduleJob(database.db, kind, 'l1', clock.nowMs(), { playerId, amount: 7 }, { clock });
    const slowRun = slow.runDue();
    if (dialect === 'postgres') {
      await started;
      const fast = runnerWith([prizeJob(kind, runs)], clock, { leaseMs: 10_000 }).runner;
      expect(await fast.runDue()).toBe(0); // the lease holds
      clock.advance(10_001); // no heartbeat extended it (the fake clock jumped past it)
      const fastRun = fast.runDue();
      // The taker's prize waits on the ledger key the slow run holds (same idempotency key) …
      while ((await findJob(database.db, kind, 'l1'))!.attempts < 2) await new Promise((resolve) => setTimeout(resolve, 5));
      // … until the slow run finishes: its done mark finds the taker's claim, so it rolls back.
      release();
      expect(await fastRun).toBe(1);
      expect(runs.get('l1')).toBe(1);
    }
    await slowRun;
    const after = await getPlayerBalance(database.db, playerId);
    // The late run's credit was rolled back with its refused done mark: one credit (PostgreSQL, by the
    // run that took over) or none (SQLite, where the taker is simulated).
    expect(after.coins - before.coins).toBe(dialect === 'postgres' ? 7 : 0);
    const job = (await findJob(database.db, kind, 'l1'))!;
    // PostgreSQL: done by the run that took over (second claim). SQLite: the simulated takeover rolled
    // back with the run, so the job waits for its lease to expire and runs again.
    expect([job.status, job.attempts]).toEqual(dialect === 'postgres' ? ['done', 2] : ['running', 1]);
    await expectLedgerBalanced(database.db);
  });

  it('a job whose runs never finish (its process died each time) is dead after its last attempt', async () => {
    const clock = new ManualClock();
    const kind = 'test.crashing';
    const { runner } = runnerWith([defineJob({ kind, maxAttempts: 2, run: () => undefined })], clock, { leaseMs: 1000 });
    await scheduleJob(database.db, kind, 'c1', clock.nowMs(), {}, { clock });
    // Two claims whose processes "died" (claimed, never finished).
    for (let i = 0; i < 2; i++) {
      expect((await claimJobs(database.db, { kinds: [kind], nowMs: clock.nowMs(), leaseMs: 1000, limit: 1, token: `dead-${i}` })).length).toBe(1);
      clock.advance(1001);
    }
    await runner.runDue();
    const job = (await findJob(database.db, kind, 'c1'))!;
    expect(job.status).toBe('dead');
    expect(job.lastError).toContain('never finished');
  });

  it('after a three-hour outage: every missed occurrence of an `all` job runs exactly once, `once` catches up once, `skip` only runs on time', async () => {
    const clock = new ManualClock(Date.parse('2026-03-02T00:01:30Z'));
    const runs = { all: [] as number[], once: [] as number[], skip: [] as number[] };
    const recurring = (policy: 'all' | 'once' | 'skip') =>
      defineJob<{ scheduledAtMs: number }>({
        kind: `test.every-quarter-${policy}`,
        schedule: { cron: '*/15 * * * *', missed: policy, graceMs: 24 * HOUR },
        async run(job, { db }) {
          runs[policy].push(job.payload.scheduledAtMs);
          if (policy === 'all') {
            await transfer(db, { idempotencyKey: `job:${job.kind}:${job.key}`, from: { system: 'prizes' }, to: { playerId, kind: 'player_balance' }, currency: 'GC', amount: 1, reason: 'prize' });
          }
        },
      });
    const definitions = [recurring('all'), recurring('once'), recurring('skip')];
    // Two nodes plan and run the same schedules.
    const nodes = [runnerWith(definitions, clock).runner, runnerWith(definitions, clock).runner];
    const before = await getPlayerBalance(database.db, playerId);
    // Running normally: the 00:15 occurrence runs once on each policy.
    await Promise.all(nodes.map((node) => node.runDue()));
    clock.advance(14 * 60_000); // 00:15:30
    await Promise.all(nodes.map((node) => node.runDue()));
    expect(runs.all).toEqual([Date.parse('2026-03-02T00:15:00Z')]);
    expect(runs.once).toEqual([Date.parse('2026-03-02T00:15:00Z')]);
    expect(runs.skip).toEqual([Date.parse('2026-03-02T00:15:00Z')]);
    // Every node down for three hours: 00:30 … 03:15 are missed (12 occurrences).
    clock.advance(3 * HOUR + 10 * 60_000); // 03:25:30
    await Promise.all(nodes.map((node) => node.runDue()));
    await Promise.all(nodes.map((node) => node.runDue()));
    const missed = Array.from({ length: 12 }, (_, i) => Date.parse('2026-03-02T00:30:00Z') + i * 15 * 60_000);
    // Two nodes ran them side by side: compare in time order.
    expect([...runs.all].sort((a, b) => a - b)).toEqual([Date.parse('2026-03-02T00:15:00Z'), ...missed]);
    expect(runs.once).toEqual([Date.parse('2026-03-02T00:15:00Z'), Date.parse('2026-03-02T03:15:00Z')]);
    expect(runs.skip).toEqual([Date.parse('2026-03-02T00:15:00Z')]);
    // Back to normal: the next occurrence runs once everywhere.
    clock.advance(5 * 60_000 + ON_TIME_MS / 2); // 03:31:00
    await Promise.all(nodes.map((node) => node.runDue()));
    expect(runs.skip).toEqual([Date.parse('2026-03-02T00:15:00Z'), Date.parse('2026-03-02T03:30:00Z')]);
    expect(runs.once.at(-1)).toBe(Date.parse('2026-03-02T03:30:00Z'));
    expect(runs.all.length).toBe(14);
    expect(new Set(runs.all).size).toBe(14);
    // One row per occurrence, one credit per occurrence of the paying job.
    expect((await listJobs(database.db, { kind: 'test.every-quarter-all', limit: 100 })).length).toBe(14);
    const after = await getPlayerBalance(database.db, playerId);
    expect(after.coins - before.coins).toBe(14);
    await expectLedgerBalanced(database.db);
  });

  it('logs an error when the node clock is more than a second from the database clock', async () => {
    const quiet = capturingLogger();
    const ok = await checkClockSkew(database.db, { nowMs: () => Date.now() }, quiet.log);
    expect(Math.abs(ok)).toBeLessThanOrEqual(1000);
    expect(quiet.lines.filter((l) => l.level >= ERROR_LEVEL)).toEqual([]);
    const skewed = capturingLogger();
    const skew = await checkClockSkew(database.db, { nowMs: () => Date.now() + 5000 }, skewed.log);
    expect(skew).toBeLessThan(-3000);
    expect(skewed.lines.some((l) => l.level >= ERROR_LEVEL && l.msg.includes('differs from the database clock'))).toBe(true);
  });
});
