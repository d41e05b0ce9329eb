import { LotteryDrawn } from '@sweepstack/contracts/lottery/events';
import { scheduleJob } from '@sweepstack/db/jobs/repository';
import { DEFAULT_LOTTERY_SETTINGS, drawById, drawRewards, drawTickets, insertDraw, writeLotterySettings } from '@sweepstack/db/lottery/repository';
import { seedDatabase } from '@sweepstack/db/seed';
import { pickWinners } from '@sweepstack/domain/lottery/rules';
import { HmacRandomSource } from '@sweepstack/games/fairness/hmac-random';
import { sha256, toHex, utf8 } from '@sweepstack/games/fairness/sha256';
import { expectLedgerBalanced } from '@sweepstack/testkit/ledger-invariants';
import { createTestDatabase, dialectsUnderTest, type TestDatabase } from '@sweepstack/testkit/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callNode, signUpOnNode, startApiNode, type NodePlayer } from '../../testing/api-nodes';
import { sleep, type ServerProcess } from '../../testing/server-process';
import { JOB_DRAW } from './draws';

/**
 * A lottery draw across processes (issue 14 §5): two real server processes on one PostgreSQL
 * database and one Redis, both running the job runner and the outbox dispatcher (the setup of the
 * tournaments' payout test, `testing/api-nodes.ts`). Players earn tickets by free entries on either
 * node; at the close both nodes' runners can claim the draw job. The draw happens once (one job run,
 * one set of winners anyone can recompute, one announcement), and a reward taken on both nodes at
 * the same moment is credited once.
 */

const onPostgres = dialectsUnderTest().includes('postgres');
if (!onPostgres) console.warn('lottery: a draw on two server processes (SKIPPED: set DATABASE_URL=postgres://… to run it)');
const hex = (text: string) => toHex(sha256(utf8(text)));
const PLAYERS = 6;

describe.runIf(onPostgres)('a lottery drawn once by two server processes (PostgreSQL and Redis)', () => {
  let database: TestDatabase;
  const nodes: ServerProcess[] = [];
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await seedDatabase(database.db, { theme: 'nlc' });
    // The nodes open no draw of their own: only this test's short one runs.
    await writeLotterySettings(database.db, { ...DEFAULT_LOTTERY_SETTINGS, weekly: { ...DEFAULT_LOTTERY_SETTINGS.weekly, enabled: false }, monthly: { ...DEFAULT_LOTTERY_SETTINGS.monthly, enabled: false } }, Date.now());
  }, 180_000);
  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.stop()));
    await database?.destroy();
  });

  it('draws once on whichever node claims the job: winners recomputed from the revealed seed, each reward credited once', async () => {
    const [a, b] = await Promise.all([startApiNode(database, { sessionSecret: 'lottery-two-processes-secret-0123456789' }), startApiNode(database, { sessionSecret: 'lottery-two-processes-secret-0123456789' })]);
    nodes.push(a!, b!);
    const players: NodePlayer[] = [];
    for (let i = 0; i < PLAYERS; i++) players.push(await signUpOnNode(i % 2 === 0 ? a! : b!, database, `lottery-nodes-${i}@example.com`));

    // A weekly draw a few seconds long, with its committed seed and its draw job at the close (as `ensureDraws` writes them).
    const nowMs = Date.now();
    const seed = toHex(new Uint8Array(Array.from({ length: 32 }, (_, i) => (i * 37 + 11) % 256)));
    const prizes = [{ kind: 'fortune_coins' as const, amountCents: 500 }, { kind: 'gold_coins' as const, amount: 1_000 }, { kind: 'gold_coins' as const, amount: 500 }];
    const closesAtMs = nowMs + 20_000;
    const draw = await database.db.transaction().execute(async (trx) => {
      const row = (await insertDraw(trx, { type: 'weekly', opensAtMs: nowMs, closesAtMs, seed, seedHash: hex(seed), prizes, rates: DEFAULT_LOTTERY_SETTINGS.rates, nowMs }))!;
      await scheduleJob(trx, JOB_DRAW, `draw:${row.id}`, closesAtMs, { drawId: Number(row.id) });
      return row;
    });
    const drawId = Number(draw.id);

    // One free entry each (one ticket), asked of either node; their handlers run on whichever node dispatches them.
    for (const [i, player] of players.entries()) {
      const res = await callNode(i % 2 === 0 ? b! : a!, player, 'POST', '/rest/free-entry/online/', {});
      expect(res.status, JSON.stringify(res.json)).toBe(200);
    }
    for (let i = 0; i < 200 && (await drawTickets(database.db, drawId)).length < PLAYERS; i++) await sleep(50);
    expect(Date.now(), 'the tickets were issued after the close: the nodes were too slow for this draw').toBeLessThan(closesAtMs);
    expect((await drawTickets(database.db, drawId)).length).toBe(PLAYERS);
    // Every ticket is in: the close (and its draw job) moves to a second from now. The 20 s only leave
    // slow nodes time to issue the tickets, and waiting them out was most of the file's time.
    const closedAtMs = Date.now() + 1000;
    await database.db.updateTable('lottery_draws').set({ closes_at_ms: closedAtMs }).where('id', '=', drawId).execute();
    await database.db.updateTable('jobs').set({ run_at_ms: closedAtMs }).where('kind', '=', JOB_DRAW).where('key', '=', `draw:${drawId}`).where('status', '=', 'pending').execute();

    // Both runners poll for the draw job at the close; one draws.
    let drawn = await drawById(database.db, drawId);
    for (let i = 0; i < 600 && drawn?.status === 'open'; i++) {
      await sleep(100);
      drawn = await drawById(database.db, drawId);
    }
    expect(drawn?.status, `${a!.output()}\n${b!.output()}`).toBe('drawn');
    const jobs = await database.db.selectFrom('jobs').select(['status', 'attempts']).where('kind', '=', JOB_DRAW).where('key', '=', `draw:${drawId}`).execute();
    expect(jobs).toEqual([{ status: 'done', attempts: 1 }]);

    // Anyone can check it, on either node: the seed matches its commitment, the list its hash, the winners recompute.
    const details = (await callNode(a!, players[0]!, 'GET', '/rest/promo-events/lottery/details/weekly/')).json.data as { results: { draw: { number: number; seed: string; seedHash: string; ticketListHash: string }; winners: { ticketNumber: number }[] } };
    expect(details.results.draw).toMatchObject({ number: drawId, seedHash: hex(seed), seed });
    const list = await (await fetch(`${b!.url}/rest/promo-events/lottery/ticket-list/${drawId}/`)).text();
    expect(hex(list)).toBe(details.results.draw.ticketListHash);
    const tickets = list.split('\n').map((line) => ({ number: Number(line.split(':')[0]), holder: line.split(':')[1]! }));
    expect(tickets).toHaveLength(PLAYERS);
    const recomputed = pickWinners(new HmacRandomSource({ serverSeed: seed, clientSeed: details.results.draw.ticketListHash, nonce: drawId }), tickets, prizes.length);
    expect(details.results.winners.map((w) => w.ticketNumber)).toEqual(recomputed);

    // One set of rewards (one per place), one announcement to every socket and one to each winner.
    const rewards = await drawRewards(database.db, drawId);
    expect(rewards.map((r) => r.place).sort()).toEqual([1, 2, 3]);
    expect(new Set(rewards.map((r) => r.player_id)).size).toBe(3);
    const announced = (await database.db.selectFrom('domain_events').select(['player_id', 'payload_json']).where('type', '=', LotteryDrawn.name).execute()).filter((e) => (JSON.parse(e.payload_json) as { drawNumber: number }).drawNumber === drawId);
    expect(announced.filter((e) => e.player_id === null)).toHaveLength(1);
    expect(announced.map((e) => e.player_id).filter((p) => p !== null).sort()).toEqual(rewards.map((r) => r.player_id).sort());

    // Each winner takes their reward on both nodes at the same moment: one credit, one refusal.
    for (const reward of rewards) {
      const winner = players.find((p) => p.id === reward.player_id)!;
      const takes = await Promise.all([a!, b!].map((node) => callNode(node, winner, 'GET', `/rest/promo-events/lottery/take-reward/${reward.id}/`)));
      expect(takes.map((t) => t.status).sort()).toEqual([200, 409]);
      const credits = await database.db.selectFrom('ledger_transfers').select('idempotency_key').where('idempotency_key', 'like', `lottery-reward:${reward.id}%`).execute();
      expect(credits).toHaveLength(1);
    }
    await expectLedgerBalanced(database.db);
  }, 300_000);
});
