import { GameRoundPlayed } from '@sweepstack/contracts/games/events';
import { ZPrizeDropsInfoResponse, type PrizeDropsInfo } from '@sweepstack/contracts/prize-drops/info';
import type { DialectName } from '@sweepstack/db/connection';
import { awardPrizeDrop, openPrizeDropDay, prizeDropDay } from '@sweepstack/db/prize-drops/repository';
import { recordEvents } from '@sweepstack/db/repositories/domain-events';
import { writePlayerFeatureState } from '@sweepstack/db/repositories/feature-state';
import { transfer } from '@sweepstack/db/repositories/ledger/transfers';
import { getPlayerBalance } from '@sweepstack/db/repositories/ledger/balances';
import { findPlayerByUuid } from '@sweepstack/db/repositories/players';
import type { PrizeLevel } from '@sweepstack/domain/prize-drops/drop-rules';
import { nextDay, operatorDayStartMs } from '@sweepstack/domain/shared/operator-day';
import { HmacRandomSource } from '@sweepstack/games/fairness/hmac-random';
import { commitServerSeed } from '@sweepstack/games/fairness/seeds';
import { expectLedgerBalanced } from '@sweepstack/testkit/ledger-invariants';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { nativeHmacSha256 } from '../../games/play';
import { OPERATOR_ENV, operatorCookie } from '../../kyc/testing';
import { ManualClock, signUpViaApi } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { PRIZE_DROP_CLIENT_SEED } from './handlers';

const HANDLER = 'prize-drops:game.round-played:drawPrizeDrops';
const ZONE = 'America/New_York';
const DAY = '2026-11-27';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let rounds = 5_000_000;

interface Player {
  cookie: string;
  id: number;
}

describe.each(dialectsUnderTest())('prize drops on %s', (dialect: DialectName) => {
  const clock = new ManualClock(operatorDayStartMs(DAY, ZONE) - 30 * 60_000);
  let t: TestApp;
  let players = 0;
  const db = () => t.database.db;
  const app = () => t.app;

  const operator = async (method: 'GET' | 'PUT', url: string, payload?: Record<string, unknown>) => {
    const cookie = await operatorCookie(app(), OPERATOR_ENV.OPERATOR_BOOTSTRAP_EMAIL, OPERATOR_ENV.OPERATOR_BOOTSTRAP_PASSWORD);
    return app().inject({ method, url: `/api/operator/prize-drops${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });
  };
  const signUp = async (): Promise<Player> => {
    const { cookie, uuid } = await signUpViaApi(app(), `drops${++players}.${dialect}@example.com`);
    return { cookie, id: (await findPlayerByUuid(db(), uuid))!.id };
  };
  const info = async (player?: Player): Promise<PrizeDropsInfo> => {
    const res = await app().inject({ method: 'GET', url: '/rest/prize-drops/info/', headers: player ? { cookie: player.cookie } : {} });
    expect(res.statusCode, res.body).toBe(200);
    return ZPrizeDropsInfoResponse.parse(res.json()).data;
  };
  /** Records rounds as the games do (the real outbox and handler), and waits until prize drops handled every one. */
  const spin = async (list: { player: Player; stake: number; currency?: 'GC' | 'FC'; bought?: boolean }[]) => {
    const events = list.map(({ player, stake, currency, bought }) => ({
      type: GameRoundPlayed.name,
      playerId: player.id,
      payload: { roundId: ++rounds, gameId: 1, currency: currency ?? 'GC', bet: stake, stake, win: 0, step: 'base', bought: bought ?? false, jackpotWin: 0 },
    }));
    const ids = await db().transaction().execute((trx) => recordEvents(trx, events, { clock }));
    await waitForHandler(ids);
  };
  const waitForHandler = async (ids: number[]) => {
    for (let i = 0; i < 400; i++) {
      const done = await db().selectFrom('domain_event_receipts').select('event_id').where('handler', '=', HANDLER).where('event_id', 'in', ids).execute();
      if (done.length === ids.length) return;
      await sleep(25);
    }
    throw new Error('the prize-drops handler did not run');
  };
  /** Runs this hour's block job (this process's background runner may claim it first: wait until it is done). */
  const runHour = async () => {
    await app().jobs.runner.runDue({ kinds: ['prize-drops.release-block'] });
    const key = `at:${new Date(Math.floor(clock.nowMs() / 3_600_000) * 3_600_000).toISOString()}`;
    for (let i = 0; i < 400; i++) {
      const job = await db().selectFrom('jobs').select('status').where('kind', '=', 'prize-drops.release-block').where('key', '=', key).executeTakeFirst();
      if (job?.status === 'done') return;
      await sleep(25);
    }
    throw new Error(`the block job ${key} did not finish`);
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: true, clock, env: { ...OPERATOR_ENV } });
  }, 60_000);
  afterAll(() => t?.close());
  afterEach(async () => {
    await expectLedgerBalanced(db());
  });

  it('publishes the spec §9 defaults to guests: pool 100,000, top prize 5,000, 500 prizes, minimal level 20 (capped at the seeded league\'s top level, 15)', async () => {
    const board = await info();
    expect(board.isActive).toBe(true);
    // The operator's setting is the spec's 20; the seeded league has 15 levels, so what a player needs (and is told) is its top level.
    expect((await operator('GET', '/')).json().data.rules.minimalLevel).toBe(20);
    expect(board.general).toMatchObject({ dailyPrizePool: 100_000, highestPrizePerDay: 5_000, prizeCountPerDay: 500, minimalLevelPlay: 15 });
    expect(board.prizes.map((p) => p.prizeLvl)).toEqual([3, 2, 1]);
    expect(board.prizes.reduce((sum, p) => sum + p.prizeLeft * p.prizeValue, 0)).toBe(100_000);
    expect(board.player).toBeNull();
    expect(board.nextPrizeWillAccrueIn).toBe(30 * 60);
    expect(board.general.finishedAt).toBe(operatorDayStartMs(DAY, ZONE));
    // The hourly block is the feature's own recurring job (its `jobs`), listed with the other schedules once the runner planned it.
    await app().jobs.runner.runDue({ kinds: ['prize-drops.release-block'] });
    const cookie = await operatorCookie(app(), OPERATOR_ENV.OPERATOR_BOOTSTRAP_EMAIL, OPERATOR_ENV.OPERATOR_BOOTSTRAP_PASSWORD);
    const schedules = (await app().inject({ method: 'GET', url: '/api/operator/job-schedules/', headers: { cookie } })).json() as { data: { kind: string; cron: string; missed: string }[] };
    expect(schedules.data.find((j) => j.kind === 'prize-drops.release-block')).toMatchObject({ cron: '0 * * * *', missed: 'all' });
    const init = (await app().inject({ method: 'GET', url: '/rest/app/init/' })).json() as { data: { prizeDrops: { isActive: boolean } } };
    expect(init.data.prizeDrops.isActive).toBe(true);
  });

  it('refuses bad input with stable codes and changes nothing', async () => {
    const query = await app().inject({ method: 'GET', url: '/rest/prize-drops/info/?day=tomorrow' });
    expect(query.statusCode).toBe(400);
    expect(query.json().error.code).toBe('VALIDATION_FAILED');
    const before = (await operator('GET', '/')).json().data.rules;
    const noPrizes = await operator('PUT', '/rules/', { tiers: [{ level: 1, value: 10, count: 0 }] });
    expect(noPrizes.statusCode).toBe(400);
    expect(noPrizes.json().error.code).toBe('PRIZE_DROPS_BAD_TIERS');
    const twice = await operator('PUT', '/rules/', { tiers: [{ level: 1, value: 10, count: 1 }, { level: 1, value: 20, count: 1 }] });
    expect(twice.json().error.code).toBe('PRIZE_DROPS_BAD_TIERS');
    for (const body of [{}, { chanceDivisor: 0 }, { tiers: [{ level: 4, value: 1, count: 1 }] }, { minimalLevel: -1 }, { surprise: true }]) {
      const res = await operator('PUT', '/rules/', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect((await operator('GET', '/')).json().data.rules).toEqual(before);
    const guest = await app().inject({ method: 'PUT', url: '/api/operator/prize-drops/rules/', payload: { active: false } });
    expect(guest.statusCode).toBe(401);
  });

  it('runs a simulated day on a fake clock: hourly blocks, bet-weighted fair draws, the pool paid exactly, never below zero, one prize per player per hour', async () => {
    // 25 prizes, pool 1,100; a divisor so small that a 100 stake wins whenever a prize waits.
    const tiers = [{ level: 3, value: 500, count: 1 }, { level: 2, value: 100, count: 4 }, { level: 1, value: 10, count: 20 }];
    const rules = await operator('PUT', '/rules/', { tiers, chanceDivisor: 100, minimumStake: 10, minimalLevel: 10 });
    expect(rules.statusCode, rules.body).toBe(200);
    // The VIP league runs (seeded): five players at its top level qualify, a new player (level 1) does not.
    const qualified = await Promise.all(Array.from({ length: 5 }, signUp));
    const low = await signUp();
    for (const p of qualified) {
      // Experience far past the last level: the league's own handler keeps them at its top level as they play.
      await db().insertInto('rank_league_players').values({ player_id: p.id, experience_milli: 100_000_000_000, level: 15, section: 4, section_since_ms: clock.nowMs(), updated_at_ms: clock.nowMs() }).execute();
      await writePlayerFeatureState(db(), p.id, 'rank-league', { level: 15, section: 4, experienceMilli: 100_000_000_000 }, clock.nowMs());
    }
    expect((await info(low)).player).toMatchObject({ level: 1, qualifies: false });
    expect((await info(qualified[0])).player).toMatchObject({ level: 15, qualifies: true });

    const dayStart = operatorDayStartMs(DAY, ZONE);
    clock.advance(dayStart - clock.nowMs());
    const before = await Promise.all(qualified.map((p) => getPlayerBalance(db(), p.id)));
    let maxAvailableSeen = 0;
    for (let hour = 0; hour < 24; hour++) {
      clock.advance(dayStart + hour * 3_600_000 + 60_000 - clock.nowMs());
      await runHour();
      const board = await info();
      const available = board.prizes.reduce((sum, p) => sum + p.available, 0);
      maxAvailableSeen = Math.max(maxAvailableSeen, available);
      // Released by blocks: never more than the day's share up to this hour.
      expect(25 - board.prizes.reduce((sum, p) => sum + p.prizeLeft, 0) + available).toBeLessThanOrEqual(Math.ceil((25 * (hour + 1)) / 24));
      // Each qualified player spins three times this hour, the low-level one too; tiny stakes and FC or bought rounds never qualify.
      await spin([...qualified, low].flatMap((player) => [{ player, stake: 100 }, { player, stake: 100 }, { player, stake: 100 }, { player, stake: 5 }, { player, stake: 100, currency: 'FC' as const }, { player, stake: 100, bought: true }]));
    }
    clock.advance(dayStart + 24 * 3_600_000 + 60_000 - clock.nowMs());
    await runHour();

    const day = (await prizeDropDay(db(), DAY))!;
    const wins = await db().selectFrom('prize_drops_wins').selectAll().where('day', '=', DAY).orderBy('id').execute();
    expect(day.pool).toBe(1_100);
    // Every prize found a winner; the pool paid exactly its amount, not a coin more.
    expect(day.paid).toBe(1_100);
    expect(wins).toHaveLength(25);
    expect(wins.reduce((sum, w) => sum + Number(w.value), 0)).toBe(1_100);
    for (const tier of day.tiers) expect(tier.awarded).toBe(tier.total);
    // One prize per player per hourly block; never the low-level player.
    const perHour = new Set(wins.map((w) => `${w.block}:${w.player_id}`));
    expect(perHour.size).toBe(wins.length);
    expect(wins.some((w) => Number(w.player_id) === low.id)).toBe(false);
    // The ledger paid each prize once, from the prizes account, to the winners.
    const credits = await db().selectFrom('ledger_transfers').select(['amount', 'idempotency_key']).where('idempotency_key', 'like', `prize-drops:${DAY}:%`).execute();
    expect(credits.reduce((sum, c) => sum + Number(c.amount), 0)).toBe(1_100);
    expect(credits).toHaveLength(25);
    // Each winner's credits are exactly their wins (the league pays its own section rewards beside them).
    const wonBy = (id: number) => wins.filter((w) => Number(w.player_id) === id).reduce((sum, w) => sum + Number(w.value), 0);
    const creditedTo = (id: number) => credits.filter((c) => c.idempotency_key.endsWith(`:${id}:GC`)).reduce((sum, c) => sum + Number(c.amount), 0);
    for (const p of qualified) expect(creditedTo(p.id)).toBe(wonBy(p.id));
    const after = await Promise.all(qualified.map((p) => getPlayerBalance(db(), p.id)));
    qualified.forEach((_, i) => expect(after[i]!.coins).toBeGreaterThanOrEqual(before[i]!.coins));
    // Everyone's boards were told, and each winner's own copy opens the win modal.
    const pushes = await db().selectFrom('domain_events').select(['player_id', 'push_json']).where('type', '=', 'prize-drops.prize-assigned').execute();
    expect(pushes.filter((p) => p.player_id === null)).toHaveLength(25);
    expect(pushes.filter((p) => p.player_id !== null).map((p) => JSON.parse(p.push_json!).data.isMine)).toEqual(Array(25).fill(true));

    // The next day reveals the seed: every win recomputes from it and the round id.
    const next = await info(qualified[0]);
    expect(next.fairness.previousDay).toBe(DAY);
    expect(next.fairness.previousServerSeed).not.toBeNull();
    expect(commitServerSeed(next.fairness.previousServerSeed!)).toBe(day.serverSeedHash);
    for (const win of wins) {
      const source = new HmacRandomSource({ serverSeed: next.fairness.previousServerSeed!, clientSeed: PRIZE_DROP_CLIENT_SEED, nonce: Number(win.round_id) }, nativeHmacSha256);
      expect(source.int(Number(win.divisor))).toBe(Number(win.ticket));
      expect(Number(win.ticket)).toBeLessThan(Number(win.threshold));
    }
    expect(next.general.finishedAt).toBe(operatorDayStartMs(nextDay(nextDay(DAY)), ZONE));
    expect(maxAvailableSeen).toBeGreaterThan(0);
  }, 120_000);

  it('never pays more than the released prizes or the pool under concurrent draws, and one prize per player per hour', async () => {
    const day = '2030-01-01';
    await openPrizeDropDay(db(), { day, dayStartMs: 0, dayEndMs: 1, blocks: 24, tiers: [{ level: 1, value: 7, count: 5 }], serverSeed: '0'.repeat(64), serverSeedHash: 'x', nowMs: clock.nowMs() });
    await db().updateTable('prize_drops_tiers').set({ released: 3 }).where('day', '=', day).execute();
    const racers = await Promise.all(Array.from({ length: 8 }, signUp));
    const award = (playerId: number, block: number) =>
      db()
        .transaction()
        .execute((trx) => awardPrizeDrop(trx, { day, block, playerId, roundId: ++rounds, level: 1 as PrizeLevel, ticket: 0, threshold: 1, divisor: 1, tierTicket: 0, playerName: 'ra***', nowMs: clock.nowMs() }))
        .catch(() => 'refused' as const);
    const results = await Promise.all(racers.map((p) => award(p.id, 0)));
    expect(results.filter((r) => r !== null && r !== 'refused')).toHaveLength(3);
    let state = (await prizeDropDay(db(), day))!;
    expect(state.paid).toBe(21);
    expect(state.tiers[0]).toMatchObject({ released: 3, awarded: 3 });
    // One player racing itself in one block: one prize, the others refused by the unique key and rolled back.
    await db().updateTable('prize_drops_tiers').set({ released: 5 }).where('day', '=', day).execute();
    const same = await Promise.all(Array.from({ length: 5 }, () => award(racers[0]!.id, 1)));
    expect(same.filter((r) => r !== null && r !== 'refused')).toHaveLength(1);
    state = (await prizeDropDay(db(), day))!;
    expect(state.tiers[0]).toMatchObject({ awarded: 4 });
    expect(state.paid).toBe(28);
    expect(state.paid).toBeLessThanOrEqual(state.pool);
  });

  it('a real spin wins a seeded drop: the prize is paid through the ledger once, the winner is told, the board shows the winner', async () => {
    await operator('PUT', '/rules/', { chanceDivisor: 1, minimumStake: 1, minimalLevel: 1, tiers: [{ level: 2, value: 250, count: 48 }] });
    clock.advance(operatorDayStartMs('2026-11-30', ZONE) + 5 * 3_600_000 - clock.nowMs());
    await runHour();
    const player = await signUp();
    await transfer(db(), { idempotencyKey: `drops-test-credit:${player.id}`, from: { system: 'promotions' }, to: { playerId: player.id, kind: 'player_balance' }, currency: 'GC', amount: 100_000, reason: 'promotion' });
    const game = await db().selectFrom('games').select('id').where('slug', '=', 'reef-raiders').executeTakeFirstOrThrow();
    const launched = await app().inject({ method: 'GET', url: `/rest/game/${game.id}/play/`, headers: { cookie: player.cookie } });
    expect(launched.statusCode, launched.body).toBe(200);
    const { session, bets } = launched.json().data as { session: string; bets: { min: number } };
    const before = await getPlayerBalance(db(), player.id);
    let staked = 0;
    let won = 0;
    for (let i = 0; i < 3; i++) {
      const round = await app().inject({ method: 'POST', url: `/rest/game/${game.id}/spin/`, headers: { cookie: player.cookie }, payload: { session, bet: bets.min, idempotencyKey: `drops-spin-${player.id}-${i}` } });
      expect(round.statusCode, round.body).toBe(200);
      staked += bets.min;
      won += (round.json().data as { win: number }).win;
    }
    for (let i = 0; i < 200 && (await db().selectFrom('prize_drops_wins').select('id').where('player_id', '=', player.id).execute()).length === 0; i++) await sleep(25);
    await app().realtime.dispatcher.idle();
    const wins = await db().selectFrom('prize_drops_wins').selectAll().where('player_id', '=', player.id).execute();
    expect(wins).toHaveLength(1);
    // Paid once through the ledger (other features may pay their own prizes for the same rounds beside it).
    const paid = await db().selectFrom('ledger_transfers').select(['amount', 'idempotency_key']).where('idempotency_key', 'like', `prize-drops:%:${player.id}:GC`).execute();
    expect(paid.map((p) => Number(p.amount))).toEqual([250]);
    const after = await getPlayerBalance(db(), player.id);
    expect(after.coins - before.coins).toBeGreaterThanOrEqual(won - staked + 250);
    const mine = await db().selectFrom('domain_events').select('push_json').where('player_id', '=', player.id).where('type', '=', 'prize-drops.prize-assigned').execute();
    expect(mine.map((m) => JSON.parse(m.push_json!))).toEqual([{ type: 'prizeDrops', action: 'prizeAssigned', data: { playerName: expect.stringMatching(/\*\*\*$/), prizeValue: 250, prizeLevel: 2, isMine: true } }]);
    const board = await info(player);
    expect(board.lastWinners[0]).toMatchObject({ prizeValue: 250, prizeLevel: 2 });
    expect(board.player!.wins).toHaveLength(1);
    expect(board.prizes).toEqual([expect.objectContaining({ prizeLvl: 2, prizeLeft: 47, prizeValue: 250 })]);
  });
  it('with the VIP league off, no level is required: the board says so (minimal level 0, the setting kept) and a level-0 player\'s spin enters the draw', async () => {
    const cookie = await operatorCookie(app(), OPERATOR_ENV.OPERATOR_BOOTSTRAP_EMAIL, OPERATOR_ENV.OPERATOR_BOOTSTRAP_PASSWORD);
    const league = (enabled: boolean) => app().inject({ method: 'PUT', url: '/api/operator/rank-league/status/', headers: { cookie }, payload: { enabled } });
    // A certain draw (divisor 1) while prizes wait, and the operator's level setting at the spec's 20.
    expect((await operator('PUT', '/rules/', { chanceDivisor: 1, minimumStake: 1, minimalLevel: 20, tiers: [{ level: 2, value: 250, count: 48 }] })).statusCode).toBe(200);
    clock.advance(3_600_000);
    await runHour();
    const player = await signUp();
    // The league on: a new player is below the level and is told so; their spin does not enter.
    const on = await info(player);
    expect(on.general.minimalLevelPlay).toBe(15);
    expect(on.player).toMatchObject({ qualifies: false });
    await spin([{ player, stake: 100 }]);
    expect(await db().selectFrom('prize_drops_wins').select('id').where('player_id', '=', player.id).execute()).toHaveLength(0);
    expect((await league(false)).statusCode).toBe(200);
    try {
      const off = await info(player);
      expect(off.general.minimalLevelPlay).toBe(0);
      expect(off.player).toMatchObject({ qualifies: true });
      expect((await info()).general.minimalLevelPlay).toBe(0);
      expect((await operator('GET', '/')).json().data.rules.minimalLevel).toBe(20);
      await spin([{ player, stake: 100 }]);
      expect(await db().selectFrom('prize_drops_wins').select('id').where('player_id', '=', player.id).execute()).toHaveLength(1);
    } finally {
      expect((await league(true)).statusCode).toBe(200);
    }
  });
});
