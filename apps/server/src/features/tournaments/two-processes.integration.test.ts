import { scheduleJob } from '@sweepstack/db/jobs/repository';
import { seedDatabase } from '@sweepstack/db/seed';
import { insertRun, insertSchedule } from '@sweepstack/db/tournaments/repository';
import { PAY_DELAY_MS, runTimes } from '@sweepstack/domain/tournaments/lifecycle';
import { expectLedgerBalanced } from '@sweepstack/testkit/ledger-invariants';
import { createTestDatabase, dialectsUnderTest, type TestDatabase } from '@sweepstack/testkit/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callNode, signUpOnNode, startApiNode, type NodePlayer } from '../../testing/api-nodes';
import { sleep, type ServerProcess } from '../../testing/server-process';
import { JOB_PAY, JOB_POSITIONS, scheduleRunJobs } from './planner';

/**
 * A tournament's payout across processes (issue 14 §5): two real server processes on one PostgreSQL
 * database and one Redis, both running the job runner and the outbox dispatcher. Players join and
 * play real spins on both nodes; the run is opened, started, finished and paid by whichever node
 * claims each job. Every winner is paid once, one `playerWin` each, and the ledger audit passes.
 */

const onPostgres = dialectsUnderTest().includes('postgres');
if (!onPostgres) console.warn('tournaments: payout on two server processes (SKIPPED: set DATABASE_URL=postgres://… to run it)');
const SESSION_SECRET = 'tournaments-two-processes-secret-012345678';
const TEST_PAY_DELAY_MS = 2000;
const startNode = (database: TestDatabase) => startApiNode(database, { sessionSecret: SESSION_SECRET });

describe.runIf(onPostgres)('a tournament paid once by two server processes (PostgreSQL and Redis)', () => {
  let database: TestDatabase;
  const nodes: ServerProcess[] = [];
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await seedDatabase(database.db, { theme: 'nlc' });
    // Only this test's tournament runs (the API alone: the nodes serve no web pages).
    await database.db.updateTable('tournament_schedules').set({ enabled: 0 }).execute();
  }, 180_000);
  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.stop()));
    await database?.destroy();
  });

  it('opens, starts, finishes and pays a run on whichever node claims each job: each winner once', async () => {
    const [a, b] = await Promise.all([startNode(database), startNode(database)]);
    nodes.push(a!, b!);
    const game = await database.db.selectFrom('games').select('id').where('slug', '=', 'reef-raiders').executeTakeFirstOrThrow();
    const players: NodePlayer[] = [];
    for (let i = 0; i < 4; i++) players.push(await signUpOnNode(a!, database, `two-nodes-${i}@example.com`, 1_000_000));

    // A run a few seconds long (the operator API's shortest is a minute), with its jobs.
    const nowMs = Date.now();
    const times = runTimes(nowMs + 2000, { durationMs: 12_000, openLeadMs: 2000, announceLeadMs: 2000 });
    const rules = JSON.stringify({ minBet: 1, spinsLimit: 1000, capPerSpin: 10_000, teamTopMembers: 0 });
    const prizes = JSON.stringify([{ coins: 700, entries: 1.5 }, { coins: 300, entries: 0 }, { coins: 100, entries: 0 }]);
    const scheduleId = await insertSchedule(database.db, { slug: 'two-nodes', title: 'Two nodes', starts_at_ms: times.startMs, cron: null, time_zone: 'UTC', duration_ms: 12_000, open_lead_ms: 2000, announce_lead_ms: 2000, bets_on: 'tournaments_points', games_json: JSON.stringify([game.id]), rules_json: rules, prizes_json: prizes, teams_json: null, enabled: 0 }, nowMs);
    const historyId = await database.db.transaction().execute(async (trx) => {
      const id = (await insertRun(trx, { schedule_id: scheduleId, title: 'Two nodes', announce_at_ms: times.announceAtMs, open_at_ms: times.openAtMs, start_ms: times.startMs, end_ms: times.endMs, status: 'announced', bets_on: 'tournaments_points', games_json: JSON.stringify([game.id]), rules_json: rules, prizes_json: prizes, team_based: 0 }, null, nowMs))!;
      // The payout 2 s after the end instead of PAY_DELAY_MS (30 s, time for bets still in flight to
      // land): this test's bets stop 1.5 s before the end, and the wait is most of the file's time.
      await scheduleRunJobs((kind, key, runAtMs, payload) => scheduleJob(trx, kind, key, kind === JOB_PAY ? runAtMs - PAY_DELAY_MS + TEST_PAY_DELAY_MS : runAtMs, payload), { id, ...times });
      return id;
    });

    // Join (half on each node) once it is open; play on both nodes while it runs.
    for (const [i, player] of players.entries()) {
      const node = i % 2 === 0 ? a! : b!;
      let joined = 0;
      for (let t = 0; t < 100 && joined !== 200; t++) {
        joined = (await callNode(node, player, 'GET', `/rest/tournaments/${scheduleId}/subscribe/`)).status;
        if (joined !== 200) await sleep(100);
      }
      expect(joined, node.output()).toBe(200);
    }
    while (Date.now() < times.startMs + 200) await sleep(100);
    const sessions = new Map<number, string>();
    let bet = 0;
    for (const [i, player] of players.entries()) {
      const launched = await callNode(i % 2 === 0 ? b! : a!, player, 'GET', `/rest/game/${game.id}/play/`);
      const data = launched.json.data as { session: string; bets: { steps: number[] } };
      sessions.set(player.id, data.session);
      bet = data.bets.steps[0]!;
    }
    let spins = 0;
    while (Date.now() < times.endMs - 1500) {
      for (const [i, player] of players.entries()) {
        const node = (i + spins) % 2 === 0 ? a! : b!;
        const res = await callNode(node, player, 'POST', `/rest/game/${game.id}/spin/`, { session: sessions.get(player.id), bet, idempotencyKey: `two-nodes-${player.id}-${spins}` });
        if (res.status !== 200) throw new Error(`spin: ${res.status} ${JSON.stringify(res.json)}`);
      }
      spins += 1;
    }

    // Paid 2 s after the end (TEST_PAY_DELAY_MS), by one of the nodes.
    let status = '';
    for (let i = 0; i < 900 && status !== 'paid'; i++) {
      status = (await database.db.selectFrom('tournament_runs').select('status').where('id', '=', historyId).executeTakeFirstOrThrow()).status;
      if (status !== 'paid') await sleep(100);
    }
    expect(status, `${a!.output()}\n${b!.output()}`).toBe('paid');
    const winners = await database.db.selectFrom('tournament_winners').selectAll().where('run_id', '=', historyId).orderBy('place').execute();
    expect(winners.length).toBeGreaterThan(0);
    expect(winners.every((w) => w.status === 'paid')).toBe(true);
    const credits = await database.db.selectFrom('ledger_transfers').select(['idempotency_key', 'amount']).where('idempotency_key', 'like', `job:${JOB_PAY}:run:${historyId}:%`).execute();
    const expected = winners.flatMap((w) => [`job:${JOB_PAY}:run:${historyId}:${times.endMs}:${w.player_id}:GC`, ...(Number(w.prize_entries_cents) > 0 ? [`job:${JOB_PAY}:run:${historyId}:${times.endMs}:${w.player_id}:FC`] : [])]);
    expect(credits.map((c) => c.idempotency_key).sort()).toEqual(expected.sort());
    const wins = await database.db.selectFrom('domain_events').select('player_id').where('type', '=', 'tournaments.prize-paid').execute();
    expect(wins.map((w) => w.player_id).sort()).toEqual(winners.map((w) => w.player_id).sort());
    const jobs = await database.db.selectFrom('jobs').select(['kind', 'status']).where('key', 'like', `run:${historyId}%`).execute();
    expect(jobs.filter((j) => j.kind !== JOB_POSITIONS).map((j) => `${j.kind}:${j.status}`).sort()).toEqual(['tournaments.finish:done', 'tournaments.open:done', 'tournaments.pay:done', 'tournaments.start:done']);
    // The positions pushes: one job per second of play (its key names the second), each done once by one node.
    const positions = jobs.filter((j) => j.kind === JOB_POSITIONS);
    expect(positions.length).toBeGreaterThan(0);
    expect(positions.length).toBeLessThanOrEqual(Math.ceil((times.endMs - times.startMs) / 1000) + 1);
    expect(positions.every((j) => j.status === 'done')).toBe(true);
    await expectLedgerBalanced(database.db);
  }, 300_000);
});
