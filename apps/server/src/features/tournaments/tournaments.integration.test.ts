import { ZCurrentTournamentResponse } from '@sweepstack/contracts/tournaments/current';
import { ZTournamentListResponse } from '@sweepstack/contracts/tournaments/next';
import { ZSubscribeResponse } from '@sweepstack/contracts/tournaments/subscribe';
import type { Tournament } from '@sweepstack/contracts/tournaments/tournament';
import type { DialectName } from '@sweepstack/db/connection';
import { transfer } from '@sweepstack/db/repositories/ledger/transfers';
import { findPlayerByUuid } from '@sweepstack/db/repositories/players';
import { expectLedgerBalanced } from '@sweepstack/testkit/ledger-invariants';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_ENV, operatorCookie } from '../../kyc/testing';
import { ManualClock, signUpViaApi } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { JOB_PAY } from './planner';
import { redisStandings, tableStandings } from './standings';
import { POSITIONS_SETTLE_MS, POSITIONS_WINDOW_MS, tournamentJobs } from './jobs';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const HOUR = 3_600_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let keys = 0;
const requestKey = () => `tournament-test-${++keys}`;

interface Player {
  cookie: string;
  id: number;
  uuid: string;
  login: string;
}

interface Push {
  type: string;
  action: string;
  data: Record<string, unknown>;
}

/** A real server on a fake clock; the tests speak to it through its API and read the database to check. */
function harness(dialect: DialectName, withRedis: boolean) {
  // 15:00 UTC of today, not a fixed date: Redis keeps a run's standings until a week after its end by
  // the app's clock (PXAT), so a fake clock more than a week behind the real one wrote keys that Redis
  // dropped at once (the test failed from 2026-12-03 on, with an empty Redis board).
  const clock = new ManualClock(Math.floor(Date.now() / 86_400_000) * 86_400_000 + 15 * 3_600_000);
  const ctx = {} as { t: TestApp; game: { id: number; session: Map<number, string>; steps: number[] } };
  let players = 0;
  let operatorSession = '';
  const app = () => ctx.t.app;
  const db = () => ctx.t.database.db;
  const h = {
    clock,
    app,
    db,
    setup: async () => {
      ctx.t = await createTestApp(dialect, { seed: true, clock, env: { ...OPERATOR_ENV, ...(withRedis ? { REDIS_URL } : {}) } });
      const game = await db().selectFrom('games').select('id').where('slug', '=', 'reef-raiders').executeTakeFirstOrThrow();
      ctx.game = { id: game.id, session: new Map(), steps: [] };
    },
    close: () => ctx.t?.close(),
    gameId: () => ctx.game.id,
    /** The game's lowest bet step (after a launch). */
    bet: () => ctx.game.steps[0]!,
    // Signs in again only when the session expired (the clock moves by hours; sign-ins are rate limited).
    operator: async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => {
      const send = () => app().inject({ method, url: `/api/operator/tournaments${url}`, headers: { cookie: operatorSession }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
      let res = await send();
      if (res.statusCode === 401) {
        operatorSession = await operatorCookie(app(), OPERATOR_ENV.OPERATOR_BOOTSTRAP_EMAIL, OPERATOR_ENV.OPERATOR_BOOTSTRAP_PASSWORD);
        res = await send();
      }
      return res;
    },
    signUp: async (): Promise<Player> => {
      const { cookie, uuid } = await signUpViaApi(app(), `racer${++players}.${dialect}@example.com`);
      const found = (await findPlayerByUuid(db(), uuid))!;
      const { id, login } = found;
      await transfer(db(), { idempotencyKey: `tournament-test-credit:${id}`, from: { system: 'promotions' }, to: { playerId: id, kind: 'player_balance' }, currency: 'GC', amount: 1_000_000, reason: 'promotion' });
      return { cookie, id, uuid, login };
    },
    /** Opens the game for the player (GC: the TournamentPoints mode) and answers its bet steps. */
    launch: async (player: Player) => {
      const res = await app().inject({ method: 'GET', url: `/rest/game/${ctx.game.id}/play/`, headers: { cookie: player.cookie } });
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data as { session: string; bets: { min: number; steps: number[] } };
      ctx.game.session.set(player.id, data.session);
      ctx.game.steps = data.bets.steps;
      return data.bets;
    },
    /** One real paid spin; answers what it staked and won. */
    spin: async (player: Player, bet: number): Promise<{ stake: number; win: number; feature: unknown }> => {
      const res = await app().inject({ method: 'POST', url: `/rest/game/${ctx.game.id}/spin/`, headers: { cookie: player.cookie }, payload: { session: ctx.game.session.get(player.id), bet, idempotencyKey: requestKey() } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { stake: number; win: number; feature: unknown };
    },
    /** Spins until the next spin that scores (capPerSpin 1: a win of at least 1% of the stake scores 1), finishing any game feature first. */
    spinUntilScore: async (player: Player, bet: number): Promise<number> => {
      for (let spins = 1; spins < 400; spins++) {
        const round = await h.spin(player, bet);
        const scored = round.stake >= bet && round.win * 100 >= round.stake;
        if (round.feature) {
          // Play a bonus feature out (its steps cost nothing and never score) so the next spin is a paid one.
          for (let i = 0; i < 200; i++) if (!(await h.spin(player, bet)).feature) break;
        }
        if (scored) return spins;
      }
      throw new Error('no scoring spin in 400');
    },
    subscribe: (player: Player | null, id: number | string) => app().inject({ method: 'GET', url: `/rest/tournaments/${id}/subscribe/`, headers: player ? { cookie: player.cookie } : {} }),
    current: async (player: Player | null, query = ''): Promise<Tournament | null> => {
      const res = await app().inject({ method: 'GET', url: `/rest/tournament/${query}`, headers: player ? { cookie: player.cookie } : {} });
      expect(res.statusCode, res.body).toBe(200);
      return ZCurrentTournamentResponse.parse(res.json()).data;
    },
    list: async (path: string, player: Player | null) => {
      const res = await app().inject({ method: 'GET', url: path, headers: player ? { cookie: player.cookie } : {} });
      expect(res.statusCode, res.body).toBe(200);
      return ZTournamentListResponse.parse(res.json()).data;
    },
    /** Runs the due tournament jobs, and waits for any the background runner took meanwhile. */
    /** One run in a list's pages (4 a page), by historyId. */
    find: async (path: string, player: Player | null, historyId: number): Promise<Tournament | undefined> => {
      for (let offset = 0; offset < 200; offset += 4) {
        const page = await h.list(`${path}${path.includes('?') ? '&' : '?'}offset=${offset}`, player);
        const found = page.tournaments.find((t) => t.historyId === historyId);
        if (found || page.tournaments.length === 0) return found;
      }
      return undefined;
    },
    runJobs: async () => {
      const { runner } = app().jobs;
      let ran = 0;
      for (let pass = 0; pass < 3; pass++) {
        ran += await runner.runDue({ kinds: tournamentJobs.map((j) => j.kind) });
        await runner.idle();
      }
      return ran;
    },
    pushes: async (playerId: number | null, type = 'tournament'): Promise<Push[]> => {
      let query = db().selectFrom('domain_events').select('push_json').where('push_json', 'is not', null).orderBy('id');
      query = playerId === null ? query.where('player_id', 'is', null) : query.where('player_id', '=', playerId);
      return (await query.execute()).map((r) => JSON.parse(r.push_json!) as Push).filter((p) => p.type === type);
    },
    /** Ends the current second of play: its positions job runs and its pushes are recorded. */
    positions: async () => {
      h.clock.advance(POSITIONS_WINDOW_MS + POSITIONS_SETTLE_MS);
      await h.runJobs();
      await h.settle();
    },
    /** Waits until every round played so far was scored (no round event left undispatched). */
    settle: async () => {
      for (let i = 0; i < 400; i++) {
        const left = await db().selectFrom('domain_events').select((eb) => eb.fn.countAll<number>().as('n')).where('dispatched_at_ms', 'is', null).executeTakeFirstOrThrow();
        if (Number(left.n) === 0) return;
        await sleep(25);
      }
      throw new Error('events not dispatched');
    },
    prizeTransfers: async (historyId: number) => {
      const rows = await db().selectFrom('ledger_transfers').select(['idempotency_key', 'amount', 'currency']).where('idempotency_key', 'like', `job:${JOB_PAY}:run:${historyId}:%`).execute();
      return rows.map((r) => ({ key: r.idempotency_key, amount: Number(r.amount), currency: r.currency }));
    },
  };
  return h;
}

function schedule(gameId: number, over: Record<string, unknown>) {
  return {
    slug: `race-${++keys}`,
    title: 'Reef Race',
    durationMs: 2 * HOUR,
    openLeadMs: HOUR,
    announceLeadMs: 2 * HOUR,
    betsOn: 'tournaments_points',
    gamesIds: [gameId],
    rules: { minBet: 1, spinsLimit: 500, capPerSpin: 1, teamTopMembers: 0 },
    prizes: [{ coins: 5000, entries: 2.5 }, { coins: 2000, entries: 1 }, { coins: 1000, entries: 0 }],
    ...over,
  };
}

for (const dialect of dialectsUnderTest()) {
  // PostgreSQL runs with Redis (the scale-out path: standings in sorted sets), SQLite on the table.
  const withRedis = dialect === 'postgres';
  describe(`tournaments on ${dialect} (standings: ${withRedis ? 'Redis sorted sets' : 'table'})`, () => {
    const h = harness(dialect, withRedis);
    beforeAll(h.setup, 90_000);
    afterAll(h.close);
    afterEach(async () => {
      await h.settle();
      await expectLedgerBalanced(h.db());
    });

    it('runs a tournament from its schedule to its payout on real spins: first N spins, minimum bet, ties to whoever scored first, paid once', async () => {
      const a = await h.signUp();
      const b = await h.signUp();
      const c = await h.signUp();
      const bets = await h.launch(a);
      await h.launch(b);
      await h.launch(c);
      const [low, minBet] = [bets.steps[0]!, bets.steps[1]!];
      const startsAt = h.clock.nowMs() + 30 * 60_000;
      const created = await h.operator('POST', '/schedules/', schedule(h.gameId(), { startsAt, titleEs: 'Carrera del arrecife', openLeadMs: 15 * 60_000, rules: { minBet, spinsLimit: 40, capPerSpin: 1, teamTopMembers: 0 } }));
      expect(created.statusCode, created.body).toBe(200);
      const { id, runs } = created.json() as { id: number; runs: number[] };
      expect(runs).toHaveLength(1);
      const historyId = runs[0]!;

      // Announced now; open by its job 15 minutes before the start.
      expect(await h.find('/rest/next-tournaments/', a, historyId)).toMatchObject({ id, historyId, status: 'announced', isOpen: false });
      expect((await h.subscribe(a, id)).json()).toMatchObject({ error: { code: 'TOURNAMENT_NOT_OPEN' } });
      h.clock.advance(15 * 60_000);
      await h.runJobs();
      const upcoming = await h.list('/rest/next-tournaments/?limit=50', a);
      expect(upcoming).toMatchObject({ limit: 50, offset: 0 });
      expect((await h.list('/rest/next-tournaments/', a)).limit).toBe(4);
      // The operator's Spanish title for a Spanish page; the title otherwise.
      expect((await h.list('/rest/next-tournaments/?limit=50&locale=es', a)).tournaments.find((t) => t.historyId === historyId)!.title).toBe('Carrera del arrecife');
      expect(upcoming.tournaments.find((t) => t.historyId === historyId)).toMatchObject({ id, historyId, title: 'Reef Race', start: startsAt, end: startsAt + 2 * HOUR, isActive: false, isOpen: true, isSubscribed: false, gamesIds: [h.gameId()], betsOn: 'tournaments_points', teamBasedTournament: null, playerData: null, winners: [], status: 'open' });
      expect(upcoming.tournaments.find((t) => t.historyId === historyId)!.prizes).toEqual([{ coins: 5000, entries: 2.5 }, { coins: 2000, entries: 1 }, { coins: 1000, entries: 0 }]);

      // Guests cannot subscribe (spec §5); players can, once.
      expect((await h.subscribe(null, id)).statusCode).toBe(401);
      for (const p of [a, b, c]) expect(ZSubscribeResponse.parse((await h.subscribe(p, id)).json())).toEqual({ success: true, teamId: null, historyId });
      expect((await h.subscribe(a, id)).json()).toEqual({ success: true, teamId: null, historyId });
      const init = await h.app().inject({ method: 'GET', url: '/rest/app/init/', headers: { cookie: a.cookie } });
      expect(init.json().data.TournamentsSubscriptions).toEqual([id]);

      // Spins before the start count for nothing.
      await h.spin(a, minBet);
      await h.settle();
      expect((await h.find('/rest/next-tournaments/', a, historyId))!.playerData).toMatchObject({ roundsPlayed: 0, points: 0, place: 0 });

      h.clock.advance(15 * 60_000);
      await h.runJobs();
      const started = (await h.pushes(null)).find((p) => p.action === 'start' && p.data.historyId === historyId);
      // Pushes name the tournament in each language (every tab of the player shares the socket; each page shows its own).
      expect(started?.data).toMatchObject({ id, historyId, title: 'Reef Race', titles: { en: 'Reef Race', es: 'Carrera del arrecife' }, start: startsAt });

      // Below the minimum bet: no points, no rounds. A bonus buy would be a purchase: never scored (checked in the domain's tests).
      await h.spin(a, low);
      await h.settle();
      expect((await h.current(a))!.playerData).toMatchObject({ roundsPlayed: 0, points: 0 });

      // A scores twice, then B scores twice: a tie at 2, A reached it first.
      await h.spinUntilScore(a, minBet);
      await h.spinUntilScore(a, minBet);
      await h.settle();
      const aRounds = (await h.current(a))!.playerData!.roundsPlayed;
      await h.spinUntilScore(b, minBet);
      await h.spinUntilScore(b, minBet);
      await h.settle();
      let now = (await h.current(a, `?gameId=${h.gameId()}`))!;
      expect(now.isActive).toBe(true);
      expect(now.winners.slice(0, 2).map((w) => [w.uuid, w.points, w.prizePlace])).toEqual([[a.uuid, 2, 1], [b.uuid, 2, 2]]);
      expect(now.winners[0]!.profile).toBe(`${a.login.slice(0, 2)}***`);
      expect(now.playerData).toMatchObject({ place: 1, points: 2, roundsPlayed: aRounds, name: a.login });
      // A `bet` push for each scoring batch at once; the positions (leaders and own place) once the
      // second is over: one push per player for that second however many batches scored in it (the
      // fake clock stood still through all four scoring spins), with the standings as they are then.
      expect((await h.pushes(b.id)).some((p) => p.action === 'bet')).toBe(true);
      expect((await h.pushes(b.id)).filter((p) => p.action === 'positions')).toHaveLength(0);
      await h.positions();
      const bPositions = (await h.pushes(b.id)).filter((p) => p.action === 'positions');
      expect(bPositions).toHaveLength(1);
      expect(bPositions[0]!.data).toMatchObject({ id, historyId, playerData: { place: 2, points: 2, roundsPlayed: (await h.current(b))!.playerData!.roundsPlayed } });
      const aPositions = (await h.pushes(a.id)).filter((p) => p.action === 'positions');
      expect(aPositions).toHaveLength(1);
      expect(aPositions[0]!.data).toMatchObject({ id, historyId, playerData: { place: 1, points: 2, roundsPlayed: aRounds, name: a.login } });
      expect((aPositions[0]!.data.winners as { uuid: string; points: number }[]).slice(0, 2).map((w) => [w.uuid, w.points])).toEqual([[a.uuid, 2], [b.uuid, 2]]);
      // A quiet second sends nothing.
      await h.positions();
      expect((await h.pushes(b.id)).filter((p) => p.action === 'positions')).toHaveLength(1);

      // B goes ahead with a third; A ties at 3 later: B reached 3 first and stays ahead.
      await h.spinUntilScore(b, minBet);
      await h.settle();
      expect((await h.current(a))!.playerData).toMatchObject({ place: 2 });
      await h.spinUntilScore(a, minBet);
      await h.settle();
      now = (await h.current(c))!;
      expect(now.winners.slice(0, 2).map((w) => [w.uuid, w.points])).toEqual([[b.uuid, 3], [a.uuid, 3]]);
      expect(now.playerData).toMatchObject({ place: 0, points: 0, roundsPlayed: 0 });

      // Only the first 40 qualifying spins count: C plays 45, at most 40 are counted. (A limit this
      // high lets A and B reach three scoring spins whatever the games' chance: with 12, an unlucky
      // A ran out of counted spins before its third score.)
      for (let i = 0; i < 45; i++) {
        const round = await h.spin(c, minBet);
        if (round.feature) for (let j = 0; j < 200; j++) if (!(await h.spin(c, minBet)).feature) break;
      }
      await h.settle();
      const cData = (await h.current(c))!.playerData!;
      expect(cData.roundsPlayed).toBe(40);

      // The same answers from the table and from Redis sorted sets, for every player.
      const redis = new Redis(REDIS_URL);
      try {
        const run = { id: historyId, endMs: startsAt + 2 * HOUR };
        // A key space of this run only: with the clock near the real one, Redis keeps a run's keys a week,
        // and a later run reusing a process id would otherwise read this run's board.
        const sorted = redisStandings(redis, `tournaments-compare:${dialect}:${randomUUID()}`);
        for (const p of [a, b, c]) {
          expect(await sorted.read(h.db(), run, p.id, 5)).toEqual(await tableStandings.read(h.db(), run, p.id, 5));
        }
        // The positions push's batch of places (one index pass for all) gives each player's own read.
        const played = (await tableStandings.read(h.db(), run, null, 10)).top;
        expect(played).toHaveLength(3);
        const one = new Map<number, number>();
        for (const p of played) one.set(p.playerId, (await tableStandings.read(h.db(), run, p.playerId, 0)).place);
        expect([...one.values()].sort()).toEqual([1, 2, 3]);
        expect(await tableStandings.places(h.db(), run, [...played].reverse())).toEqual(one);
        expect(await sorted.places(h.db(), run, played)).toEqual(one);
      } finally {
        await redis.quit();
      }

      // The end: finished by its job (a stop push), then paid by another, once.
      const finalBoard = (await h.current(a))!.winners;
      h.clock.advance(2 * HOUR);
      await h.runJobs();
      expect((await h.pushes(null)).find((p) => p.action === 'stop' && p.data.historyId === historyId && p.data.reason === 'finished')?.data).toMatchObject({ title: 'Reef Race', titles: { en: 'Reef Race', es: 'Carrera del arrecife' } });
      expect(await h.find('/rest/tournaments/history/', a, historyId)).toMatchObject({ historyId, status: 'finished', isActive: false, isOpen: false });
      // Play after the end counts for nothing.
      await h.spin(a, minBet);
      h.clock.advance(30_000);
      await h.settle();
      await h.runJobs();
      const paid = (await h.find('/rest/tournaments/history/', a, historyId))!;
      expect(paid).toMatchObject({ historyId, status: 'paid' });
      expect(paid.winners.map((w) => [w.uuid, w.prizePlace, w.points, w.status])).toEqual(finalBoard.filter((w) => w.points > 0).slice(0, 3).map((w) => [w.uuid, w.prizePlace, w.points, 'paid']));
      // B stays ahead of A (the tie at 3 went to B, who reached it first); C placed by its 40 counted spins.
      const order = paid.winners.map((w) => w.uuid);
      expect(order.indexOf(b.uuid)).toBeLessThan(order.indexOf(a.uuid));
      const idOf = new Map([a, b, c].map((p) => [p.uuid, p.id]));
      const prizes = [[5000, 250], [2000, 100], [1000, 0]] as const;
      const transfers = await h.prizeTransfers(historyId);
      const expected = paid.winners.flatMap((w) => {
        const [gc, fc] = prizes[w.prizePlace - 1]!;
        const key = `job:${JOB_PAY}:run:${historyId}:${startsAt + 2 * HOUR}:${idOf.get(w.uuid)}`;
        return [{ key: `${key}:GC`, currency: 'GC', amount: gc }, ...(fc > 0 ? [{ key: `${key}:FC`, currency: 'FC', amount: fc }] : [])];
      });
      expect(transfers.sort((x, y) => x.key.localeCompare(y.key))).toEqual(expected.sort((x, y) => x.key.localeCompare(y.key)));
      const bPlace = paid.winners.find((w) => w.uuid === b.uuid)!.prizePlace;
      const win = (await h.pushes(b.id)).find((p) => p.action === 'playerWin');
      expect(win?.data).toMatchObject({ id, historyId, titles: { en: 'Reef Race', es: 'Carrera del arrecife' }, place: bPlace, points: 3, prize: { coins: prizes[bPlace - 1]![0], entries: prizes[bPlace - 1]![1] / 100 } });

      // Paid exactly once: the pay job run again (as after a lost done mark) meets the ledger's keys.
      await h.db().updateTable('tournament_runs').set({ status: 'finished' }).where('id', '=', historyId).execute();
      await h.db().updateTable('tournament_winners').set({ status: 'pending' }).where('run_id', '=', historyId).execute();
      const payJob = tournamentJobs.find((j) => j.kind === JOB_PAY)!;
      await h.db().transaction().execute(async (trx) => {
        const job = { id: 0, kind: JOB_PAY, key: `run:${historyId}:${startsAt + 2 * HOUR}`, payload: { runId: historyId, endMs: startsAt + 2 * HOUR }, runAtMs: 0, attempts: 2, lastError: null, createdAtMs: 0 };
        await (payJob.run as (j: unknown, c: unknown) => Promise<void>)(job, { db: trx, clock: h.clock, log: h.app().log, scheduleJob: async () => ({ scheduled: false }) });
      });
      expect(await h.prizeTransfers(historyId)).toHaveLength(transfers.length);
      expect(await h.runJobs()).toBe(0);
      expect((await h.current(a))?.historyId).not.toBe(historyId);
    }, 120_000);

    it('runs a team tournament: balanced teams, a team scores its best M members, the counted members of the best team are paid', async () => {
      const players = [await h.signUp(), await h.signUp(), await h.signUp(), await h.signUp()];
      for (const p of players) await h.launch(p);
      const startsAt = h.clock.nowMs() + HOUR;
      const created = await h.operator('POST', '/schedules/', schedule(h.gameId(), { startsAt, title: 'Reef Teams', teams: ['Sharks', 'Rays'], teamsEs: ['Tiburones', 'Rayas'], rules: { minBet: 1, spinsLimit: 100, capPerSpin: 1, teamTopMembers: 1 }, prizes: [{ coins: 3000, entries: 0 }] }));
      expect(created.statusCode, created.body).toBe(200);
      const { id, runs } = created.json() as { id: number; runs: number[] };
      const historyId = runs[0]!;
      await h.runJobs();
      const teamIds = [];
      for (const p of players) {
        const res = await h.subscribe(p, id);
        expect(res.statusCode, res.body).toBe(200);
        teamIds.push(ZSubscribeResponse.parse(res.json()).teamId);
      }
      // Each joins the smallest team: 1, 2, 1, 2.
      expect(teamIds).toEqual([1, 2, 1, 2]);
      expect((await h.list('/rest/next-tournaments/?teamMode=true&limit=50', players[0]!)).tournaments.map((t) => t.historyId)).toContain(historyId);
      expect((await h.list('/rest/next-tournaments/?teamMode=false&limit=50', players[0]!)).tournaments.map((t) => t.historyId)).not.toContain(historyId);

      h.clock.advance(HOUR);
      await h.runJobs();
      // Sharks: player 0 scores 3, player 2 scores 1 (only the best 1 counts: 3). Rays: player 1 scores 2.
      for (let i = 0; i < 3; i++) await h.spinUntilScore(players[0]!, h.bet());
      await h.spinUntilScore(players[2]!, h.bet());
      for (let i = 0; i < 2; i++) await h.spinUntilScore(players[1]!, h.bet());
      await h.settle();
      const view = (await h.current(players[1]!))!;
      expect(view.teamBasedTournament).toMatchObject({ teamId: 2, teams: [{ id: 1, title: 'Sharks', points: 3, place: 1, members: 2 }, { id: 2, title: 'Rays', points: 2, place: 2, members: 2 }] });
      // The operator's Spanish team names on a Spanish page.
      expect((await h.current(players[1]!, '?locale=es'))!.teamBasedTournament!.teams.map((t) => t.title)).toEqual(['Tiburones', 'Rayas']);
      expect((await h.find('/rest/next-tournaments/?teamMode=true&limit=50&locale=es', players[0]!, historyId))!.teamBasedTournament!.teams.map((t) => t.title)).toEqual(['Tiburones', 'Rayas']);

      h.clock.advance(2 * HOUR + 30_000);
      await h.runJobs();
      await h.settle();
      await h.runJobs();
      const paid = (await h.find('/rest/tournaments/history/?teamMode=1', players[0]!, historyId))!;
      const jobs = await h.db().selectFrom('jobs').select(['kind', 'key', 'status', 'last_error', 'run_at_ms']).where('key', 'like', `run:${historyId}%`).execute();
      expect(paid.status, JSON.stringify(jobs)).toBe('paid');
      // Only Sharks' counted member (the best 1) is paid the team's prize.
      expect(paid.winners.map((w) => [w.uuid, w.prizePlace, w.points, w.status])).toEqual([[players[0]!.uuid, 1, 3, 'paid']]);
      expect((await h.prizeTransfers(historyId)).map((t) => [t.currency, t.amount])).toEqual([['GC', 3000]]);
    });

    it('plans recurring runs by cron; an operator extends a run hit by an outage and voids another: players are told, nothing voided is paid', async () => {
      const player = await h.signUp();
      await h.launch(player);
      // Every day at 18:00 UTC, two hours, open an hour before.
      const created = await h.operator('POST', '/schedules/', schedule(h.gameId(), { cron: '0 18 * * *', timeZone: 'UTC', title: 'Daily Dash' }));
      expect(created.statusCode, created.body).toBe(200);
      const { id } = created.json() as { id: number; runs: number[] };
      const runsOf = () => h.db().selectFrom('tournament_runs').select(['id', 'start_ms', 'status']).where('schedule_id', '=', id).orderBy('start_ms').execute();
      const planned = await runsOf();
      expect(planned.length).toBeGreaterThanOrEqual(1);
      for (const run of planned) expect(new Date(Number(run.start_ms)).toISOString()).toMatch(/T18:00:00\.000Z$/);
      // The planner job makes each occurrence once, whatever the number of passes.
      await h.runJobs();
      await h.runJobs();
      expect((await runsOf()).length).toBe(planned.length);

      const first = planned[0]!;
      h.clock.advance(Number(first.start_ms) - h.clock.nowMs());
      await h.runJobs();
      expect((await h.subscribe(player, id)).statusCode).toBe(200);
      await h.spinUntilScore(player, h.bet());
      await h.settle();
      const oldEnd = Number(first.start_ms) + 2 * HOUR;
      const newEnd = oldEnd + HOUR;
      expect((await h.operator('POST', `/runs/${first.id}/extend/`, { end: oldEnd - 1, reason: 'outage' })).json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
      const extended = await h.operator('POST', `/runs/${first.id}/extend/`, { end: newEnd, reason: 'Game server outage 18:20–18:50' });
      expect(extended.statusCode, extended.body).toBe(200);
      expect((await h.pushes(null)).some((p) => p.action === 'stop' && p.data.historyId === first.id && p.data.reason === 'extended' && p.data.end === newEnd)).toBe(true);
      // At the old end it keeps running.
      h.clock.advance(oldEnd + 60_000 - h.clock.nowMs());
      await h.runJobs();
      expect((await h.current(player))).toMatchObject({ historyId: first.id, isActive: true, end: newEnd });

      const voided = await h.operator('POST', `/runs/${first.id}/void/`, { reason: 'Outage: results not fair' });
      expect(voided.statusCode, voided.body).toBe(200);
      expect((await h.pushes(null)).some((p) => p.action === 'stop' && p.data.historyId === first.id && p.data.reason === 'voided')).toBe(true);
      expect((await h.operator('POST', `/runs/${first.id}/void/`, { reason: 'again' })).json()).toMatchObject({ error: { code: 'TOURNAMENT_STATE_CONFLICT' } });
      h.clock.advance(2 * HOUR);
      await h.runJobs();
      expect(await h.prizeTransfers(first.id)).toEqual([]);
      expect(await h.find('/rest/tournaments/history/', player, first.id)).toMatchObject({ status: 'voided', isActive: false });
      // Planned occurrences after it go on.
      expect((await runsOf()).filter((r) => Number(r.start_ms) > Number(first.start_ms)).length).toBeGreaterThan(0);
    });

    it('refuses bad input with stable codes and writes nothing', async () => {
      const player = await h.signUp();
      const schedulesBefore = await h.db().selectFrom('tournament_schedules').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const bad = [
        schedule(h.gameId(), { cron: 'every day', timeZone: 'UTC' }),
        schedule(h.gameId(), { cron: '0 18 * * *', timeZone: 'Mars/Olympus' }),
        schedule(h.gameId(), { startsAt: h.clock.nowMs() + HOUR, cron: '0 18 * * *' }),
        schedule(h.gameId(), {}),
        schedule(h.gameId(), { startsAt: h.clock.nowMs() + HOUR, gamesIds: [999_999] }),
        schedule(h.gameId(), { startsAt: h.clock.nowMs() + HOUR, teams: ['Solo'] }),
        schedule(h.gameId(), { startsAt: h.clock.nowMs() + HOUR, teams: ['A', 'B'] }),
        // Spanish team names name each team, and only of a team tournament.
        schedule(h.gameId(), { startsAt: h.clock.nowMs() + HOUR, teams: ['A', 'B'], teamsEs: ['A'], rules: { minBet: 1, spinsLimit: 10, capPerSpin: 1, teamTopMembers: 1 } }),
        schedule(h.gameId(), { startsAt: h.clock.nowMs() + HOUR, teamsEs: ['A', 'B'] }),
        schedule(h.gameId(), { startsAt: h.clock.nowMs() + HOUR, prizes: [{ coins: 1, entries: 0.001 }] }),
        schedule(h.gameId(), { startsAt: h.clock.nowMs() + HOUR, betsOn: 'gems' }),
        schedule(h.gameId(), { startsAt: h.clock.nowMs() + HOUR, openLeadMs: 2 * HOUR, announceLeadMs: HOUR }),
      ];
      for (const body of bad) {
        const res = await h.operator('POST', '/schedules/', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(['VALIDATION_FAILED', 'TOURNAMENT_SCHEDULE_INVALID']).toContain(res.json().error.code);
      }
      const schedulesAfter = await h.db().selectFrom('tournament_schedules').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(schedulesAfter.n)).toBe(Number(schedulesBefore.n));

      expect((await h.subscribe(player, 987_654)).json()).toMatchObject({ error: { code: 'TOURNAMENT_NOT_FOUND' } });
      expect((await h.subscribe(player, 'abc')).statusCode).toBe(400);
      expect((await h.subscribe(player, 0)).statusCode).toBe(400);
      const crossSite = await h.app().inject({ method: 'GET', url: '/rest/tournaments/1/subscribe/', headers: { cookie: player.cookie, 'sec-fetch-site': 'cross-site' } });
      expect(crossSite.json()).toMatchObject({ error: { code: 'ORIGIN_FORBIDDEN' } });
      for (const query of ['?limit=0', '?limit=51', '?offset=-1', '?teamMode=maybe', '?page=2']) {
        const res = await h.app().inject({ method: 'GET', url: `/rest/next-tournaments/${query}` });
        expect(res.statusCode, query).toBe(400);
        expect(res.json().error.code).toBe('VALIDATION_FAILED');
      }
      expect((await h.app().inject({ method: 'GET', url: '/rest/tournament/?gameId=x' })).statusCode).toBe(400);
      expect((await h.operator('POST', '/runs/999999/void/', { reason: 'x' })).json()).toMatchObject({ error: { code: 'TOURNAMENT_NOT_FOUND' } });
      expect((await h.operator('POST', '/runs/1/void/', {})).statusCode).toBe(400);
      // A player cannot reach the operator calls.
      expect((await h.app().inject({ method: 'POST', url: '/api/operator/tournaments/schedules/', headers: { cookie: player.cookie }, payload: schedule(h.gameId(), { startsAt: h.clock.nowMs() + HOUR }) })).statusCode).toBe(401);
      // Paging: page size 4 by default.
      expect((await h.list('/rest/tournaments/history/?limit=1&offset=0', null)).limit).toBe(1);
    });
  });
}
