import { currentLadder } from '@sweepstack/db/daily-login/repository';
import { getPlayerBalance } from '@sweepstack/db/repositories/ledger/balances';
import { rewardNotices } from '@sweepstack/db/rewards/repository';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { startExclusion } from '../../responsible-play/exclusions';
import { ManualClock } from '../../testing/auth-helpers';
import { featureTestApp } from '../../testing/feature-test-app';
import { DAILY_LOGIN_FINISH_JOB } from './finish-job';

const DAY_MS = 86_400_000;
/** Noon in New York (the default operator time zone) on 2027-01-04. */
const START_MS = Date.parse('2027-01-04T17:00:00Z');

interface Info {
  finishedAt: string | null;
  isActive: boolean;
  isAvailable: boolean;
  levels: number;
  activeLevel: number;
  type: string;
  reasonType: string | null;
  prizes: { level: number; coins: number; entries: number; freeSpinCount: number; gameId: number | null; freeSpinId: number | null; endDate: string | null; link: string | null }[];
  claimedToday: boolean;
  restarted: boolean;
  day: string | null;
  timeZone: string;
  nextClaimAt: string | null;
  serverTime: string;
}

describe.each(dialectsUnderTest())('daily login on %s', (dialect) => {
  const clock = new ManualClock(START_MS);
  const h = featureTestApp(dialect, { name: 'daily', clock }).hooks();
  const db = h.db;
  let app: FastifyInstance;
  beforeAll(() => {
    app = h.app();
  });

  // Operator sessions are short; the fake clock walks days, so each call signs in afresh.
  const operatorHeaders = async () => ({ cookie: await h.operatorCookie(true) });
  const player = h.signUp;
  const info = async (cookie?: string) => {
    const res = await app.inject({ method: 'GET', url: '/rest/daily-login/info/', headers: cookie ? { cookie } : {} });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Info;
  };
  const claim = (cookie?: string) => app.inject({ method: 'GET', url: '/rest/daily-login/apply-prize/', headers: cookie ? { cookie } : {} });
  const balance = async (playerId: number) => {
    const b = await getPlayerBalance(db(), playerId);
    return { gc: b.coins, fcCents: b.entries };
  };
  const claimsOf = async (playerId: number) => db().selectFrom('daily_login_claims').select(['day', 'level', 'automatic']).where('player_id', '=', playerId).orderBy('day').execute();
  const ledgerCredits = async (playerId: number) =>
    db().selectFrom('ledger_transfers').select(['idempotency_key', 'amount', 'currency']).where('idempotency_key', 'like', `daily-login:${playerId}:%`).orderBy('id').execute();

  it('walks a player through ten days: a missed day kept by the grace day, an outage day that never breaks the ladder, each level paid once', async () => {
    const { cookie, id } = await player();
    const ladder = (await currentLadder(db()))!;
    const start = await balance(id);
    const expected = { gc: 0, fcCents: 0 };
    const pay = (level: number) => {
      const prize = ladder.levels[level - 1]!;
      if (prize.kind === 'gold_coins') expected.gc += prize.amount;
      if (prize.kind === 'coins') {
        expected.gc += prize.amount;
        expected.fcCents += prize.amountCents;
      }
      if (prize.kind === 'fortune_coins') expected.fcCents += prize.amountCents;
    };
    const claimDay = async (level: number) => {
      const before = await info(cookie);
      expect(before).toMatchObject({ isActive: true, isAvailable: true, activeLevel: level, claimedToday: false, reasonType: null });
      expect(before.nextClaimAt).toBe(before.serverTime);
      const res = await claim(cookie);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ success: true, level, day: before.day });
      expect(body.info).toMatchObject({ isAvailable: false, claimedToday: true, activeLevel: level, reasonType: 'claimed' });
      pay(level);
      const now = await balance(id);
      expect({ gc: now.gc - start.gc, fcCents: now.fcCents - start.fcCents }).toEqual(expected);
      return body;
    };
    const nextDay = () => clock.advance(DAY_MS);

    // Day 1: the default ladder, seven levels, the answer's countdown is to New York's next midnight.
    const first = await info(cookie);
    expect(first).toMatchObject({ levels: 7, timeZone: 'America/New_York', day: '2027-01-04', type: 'coins' });
    expect(first.prizes.map((p) => p.level)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const day1 = await claimDay(1);
    expect(day1.info.nextClaimAt).toBe('2027-01-05T05:00:00.000Z');
    // The same day again: refused, nothing moves.
    const again = await claim(cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'DAILY_LOGIN_ALREADY_CLAIMED', messageKey: 'errors.dailyLoginAlreadyClaimed' });

    nextDay(); // day 2
    await claimDay(2);
    nextDay(); // day 3: missed (the grace day keeps the level)
    nextDay(); // day 4
    await claimDay(3);
    nextDay(); // day 5: the platform could not serve claims
    nextDay(); // day 6: missed
    nextDay(); // day 7: two days gone, the ladder would restart…
    expect(await info(cookie)).toMatchObject({ isAvailable: true, activeLevel: 1, restarted: true });
    // …until the operator marks day 5 an outage day (audited): then only day 6 was missed.
    const marked = await app.inject({ method: 'POST', url: '/api/operator/daily-login/outage-days/', payload: { day: '2027-01-08', reason: 'database failover' }, headers: await operatorHeaders() });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().data.days).toEqual([{ day: '2027-01-08', reason: 'database failover' }]);
    expect(await info(cookie)).toMatchObject({ activeLevel: 4, restarted: false });
    await claimDay(4);
    nextDay(); // day 8: free spins become a grant
    const spins = await claimDay(5);
    expect(spins.prizes.freeSpinCount).toBe(10);
    expect(spins.prizes.freeSpinId).toEqual(expect.any(Number));
    expect(spins.prizes.link).toBe('/?game=lucky-lantern-classic');
    const grant = await db().selectFrom('free_spin_grants').selectAll().where('id', '=', spins.prizes.freeSpinId).executeTakeFirstOrThrow();
    expect({ player: Number(grant.player_id), spins: Number(grant.spins_remain), key: grant.source_key }).toEqual({ player: id, spins: 10, key: 'daily-login:' + id + ':2027-01-11' });
    expect((await info(cookie)).prizes[4]!.freeSpinId).toBe(Number(grant.id));
    nextDay(); // day 9
    await claimDay(6);
    nextDay(); // day 10
    await claimDay(7);
    nextDay(); // day 11: after the last level the seeded ladder wraps to level 1
    await claimDay(1);

    expect((await claimsOf(id)).map((c) => [c.day, Number(c.level)])).toEqual([
      ['2027-01-04', 1],
      ['2027-01-05', 2],
      ['2027-01-07', 3],
      ['2027-01-10', 4],
      ['2027-01-11', 5],
      ['2027-01-12', 6],
      ['2027-01-13', 7],
      ['2027-01-14', 1],
    ]);
    // One ledger credit per claimed currency, each keyed by the player and the operator day.
    const credits = await ledgerCredits(id);
    expect(new Set(credits.map((c) => c.idempotency_key)).size).toBe(credits.length);
    expect(credits.every((c) => /^daily-login:\d+:\d{4}-\d{2}-\d{2}:(GC|FC)$/.test(c.idempotency_key))).toBe(true);

    // Two missed days with no outage between them: the ladder starts over at level 1.
    nextDay();
    nextDay();
    nextDay();
    expect(await info(cookie)).toMatchObject({ activeLevel: 1, restarted: true });
    // The operator reads the claims.
    const listed = await app.inject({ method: 'GET', url: `/api/operator/daily-login/claims/?playerId=${id}&limit=3`, headers: await operatorHeaders() });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data.claims.map((c: { day: string }) => c.day)).toEqual(['2027-01-14', '2027-01-13', '2027-01-12']);
  });

  it('pays two claims at once exactly once', async () => {
    const { cookie, id } = await player();
    const start = await balance(id);
    const results = await Promise.all(Array.from({ length: 4 }, () => claim(cookie)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await claimsOf(id)).toHaveLength(1);
    const ladder = (await currentLadder(db()))!;
    const first = ladder.levels[0]!;
    expect((await balance(id)).gc - start.gc).toBe(first.kind === 'gold_coins' ? first.amount : -1);
    expect(await ledgerCredits(id)).toHaveLength(1);
  });

  it('answers guests the default state and refuses their claim; self-excluded and cooling-off players get clear errors and nothing moves', async () => {
    const guest = await info();
    expect(guest).toMatchObject({ isActive: false, isAvailable: false, levels: 7, activeLevel: 0, prizes: [], reasonType: 'guest', nextClaimAt: null });
    const refused = await claim();
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('AUTH_REQUIRED');

    for (const [kind, code, reason] of [
      ['self_exclusion', 'DAILY_LOGIN_SELF_EXCLUDED', 'selfExcluded'],
      ['cooling_off', 'DAILY_LOGIN_COOLING_OFF', 'coolingOff'],
    ] as const) {
      const { cookie, id } = await player();
      await startExclusion(db(), clock, id, { kind, period: kind === 'cooling_off' ? '24h' : '6m', ip: null, userAgent: null });
      const before = await balance(id);
      expect(await info(cookie)).toMatchObject({ isAvailable: false, reasonType: reason, nextClaimAt: null });
      const res = await claim(cookie);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.code).toBe(code);
      expect(await balance(id)).toEqual(before);
      expect(await claimsOf(id)).toEqual([]);
    }
  });

  it('lets the operator edit the ladder (audited); off means not active for app init and claims', async () => {
    const { cookie } = await player();
    const ladder = (await currentLadder(db()))!;
    const body = { levels: ladder.levels, graceDays: 1, afterLast: 'hold', active: false, finishedAt: null };
    const forbidden = await app.inject({ method: 'PUT', url: '/api/operator/daily-login/ladder/', payload: body, headers: {} });
    expect(forbidden.json().error.code).toBe('OPERATOR_AUTH_REQUIRED');
    const bad = await app.inject({ method: 'PUT', url: '/api/operator/daily-login/ladder/', payload: { ...body, levels: [{ kind: 'multiplier', factor: 2 }] }, headers: await operatorHeaders() });
    expect(bad.statusCode).toBe(400);
    const off = await app.inject({ method: 'PUT', url: '/api/operator/daily-login/ladder/', payload: body, headers: await operatorHeaders() });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ version: ladder.version + 1, afterLast: 'hold', active: false });
    const appInit = async () => (await app.inject({ method: 'GET', url: '/rest/app/init/', headers: { cookie } })).json().data.dailyLogin;
    expect(await appInit()).toEqual({ isActive: false });
    expect(await info(cookie)).toMatchObject({ isActive: false, isAvailable: false, reasonType: 'notActive' });
    expect((await claim(cookie)).json().error.code).toBe('DAILY_LOGIN_NOT_ACTIVE');
    const on = await app.inject({ method: 'PUT', url: '/api/operator/daily-login/ladder/', payload: { ...body, afterLast: 'wrap', active: true }, headers: await operatorHeaders() });
    expect(on.statusCode, on.body).toBe(200);
    expect(await appInit()).toEqual({ isActive: true });
    // App init's featureTimes: never claimed, the claim is open now (the sidebar's ready badge).
    const times = async () => (await app.inject({ method: 'GET', url: '/rest/app/init/', headers: { cookie } })).json().data.featureTimes['daily-login'];
    expect(await times()).toEqual({ finishesAtMs: null, availableAtMs: 0 });
    const audit = await db().selectFrom('operator_audit').select('action').where('action', 'like', 'daily-login.%').execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['daily-login.ladder.save', 'daily-login.outage-day.mark']));

    // The operator day's time zone is operator data: UTC moves the countdown to UTC midnight.
    const tz = await app.inject({ method: 'PUT', url: '/api/operator/daily-login/time-zone/', payload: { timeZone: 'UTC' }, headers: await operatorHeaders() });
    expect(tz.statusCode, tz.body).toBe(200);
    const badTz = await app.inject({ method: 'PUT', url: '/api/operator/daily-login/time-zone/', payload: { timeZone: 'Mars/Olympus' }, headers: await operatorHeaders() });
    expect(badTz.json().error.code).toBe('VALIDATION_FAILED');
    const claimed = await claim(cookie);
    expect(claimed.statusCode, claimed.body).toBe(200);
    const nextMidnight = new Date(Math.floor(clock.nowMs() / DAY_MS) * DAY_MS + DAY_MS).toISOString();
    expect(claimed.json().info).toMatchObject({ timeZone: 'UTC', nextClaimAt: nextMidnight });
    // After the claim the sidebar counts down to the next claim.
    expect(await times()).toEqual({ finishesAtMs: null, availableAtMs: Date.parse(nextMidnight) });
    await app.inject({ method: 'PUT', url: '/api/operator/daily-login/time-zone/', payload: { timeZone: 'America/New_York' }, headers: await operatorHeaders() });
  });

  it('at the finish time credits every claim still open on the last day, with a notice, and never twice', async () => {
    const open = await player();
    const claimedToday = await player();
    const broken = await player();
    // Yesterday: all three claim; today only one of them claims; `broken` claimed long ago.
    const ladder = (await currentLadder(db()))!;
    for (const p of [open, claimedToday]) expect((await claim(p.cookie)).statusCode).toBe(200);
    clock.advance(DAY_MS);
    expect((await claim(claimedToday.cookie)).statusCode).toBe(200);
    clock.advance(-DAY_MS * 5);
    expect((await claim(broken.cookie)).statusCode).toBe(200);
    clock.advance(DAY_MS * 5);
    const finishAtMs = clock.nowMs() + 3_600_000;
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/operator/daily-login/ladder/',
      payload: { levels: ladder.levels, graceDays: 1, afterLast: 'wrap', active: true, finishedAt: new Date(finishAtMs).toISOString() },
      headers: await operatorHeaders(),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await info(open.cookie)).finishedAt).toBe(new Date(finishAtMs).toISOString());
    // The web's finish timer reads the end from app init's featureTimes.
    expect((await app.inject({ method: 'GET', url: '/rest/app/init/', headers: { cookie: open.cookie } })).json().data.featureTimes['daily-login']).toMatchObject({ finishesAtMs: finishAtMs });
    const job = await db().selectFrom('jobs').select(['key', 'run_at_ms']).where('kind', '=', DAILY_LOGIN_FINISH_JOB).executeTakeFirstOrThrow();
    expect(Number(job.run_at_ms)).toBe(finishAtMs);

    const before = await balance(open.id);
    clock.advance(3_600_000);
    expect(await info(open.cookie)).toMatchObject({ isActive: false, isAvailable: false, reasonType: 'finished' });
    expect((await app.inject({ method: 'GET', url: '/rest/app/init/', headers: { cookie: open.cookie } })).json().data.dailyLogin).toEqual({ isActive: false });
    expect((await claim(open.cookie)).json().error.code).toBe('DAILY_LOGIN_NOT_ACTIVE');
    expect(await app.jobs.runner.runDue({ kinds: [DAILY_LOGIN_FINISH_JOB] })).toBe(1);

    // `open` had level 2 waiting: paid automatically with a notice; the other two had nothing open.
    const second = ladder.levels[1]!;
    expect((await balance(open.id)).gc - before.gc).toBe(second.kind === 'gold_coins' ? second.amount : -1);
    expect((await claimsOf(open.id)).map((c) => [Number(c.level), Number(c.automatic)])).toEqual([
      [1, 0],
      [2, 1],
    ]);
    expect((await rewardNotices(db(), open.id)).map((n) => n.feature)).toEqual(['daily-login']);
    expect(await claimsOf(claimedToday.id)).toHaveLength(2);
    expect(await claimsOf(broken.id)).toHaveLength(1);
    // The job is done: running again pays nothing.
    expect(await app.jobs.runner.runDue({ kinds: [DAILY_LOGIN_FINISH_JOB] })).toBe(0);
    expect(await ledgerCredits(open.id)).toHaveLength(2);
  });
});
