import { ZAppInitResponse } from '@sweepstack/contracts/app/app-init';
import { ZSeasonResponse, type SeasonView } from '@sweepstack/contracts/seasons/season';
import type { DialectName } from '@sweepstack/db/connection';
import { seasonBySlug } from '@sweepstack/db/seasons/repository';
import { findGame } from '@sweepstack/games/catalogue/games';
import { expectLedgerBalanced } from '@sweepstack/testkit/ledger-invariants';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../../payments/sandbox-provider/cards';
import { sandboxProviderOf } from '../../routes/cashier/provider-registry';
import { ManualClock } from '../../testing/auth-helpers';
import { DETERMINISTIC_SANDBOX, featureTestApp } from '../../testing/feature-test-app';
import { endSeason, SEASONS_END_JOB, SEASONS_START_JOB } from './jobs';
import { addSeasonProgress } from './progress';

const HOUR = 3_600_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let keys = 0;
const requestKey = () => `seasons-test-${++keys}-${Date.now()}`;
const GAME = 'reef-raiders';
/** The game's lowest Gold Coin bet: the rates below make one such round one point. */
const MIN_BET = findGame(GAME)!.bets.GC.steps[0]!;
const THRESHOLDS = [2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24];

interface Player {
  cookie: string;
  id: number;
}

type Push = { type: string; action: string; data: Record<string, unknown> };

/** A season as an operator writes it: 12 levels, free prizes in Gold Coins, premium prizes in Fortune Coins. */
function seasonBody(slug: string, startsAtMs: number, endsAtMs: number, overrides: Record<string, unknown> = {}) {
  return {
    slug,
    title: `Season ${slug}`,
    startsAt: new Date(startsAtMs).toISOString(),
    endsAt: new Date(endsAtMs).toISOString(),
    rates: { gcWageredPerPoint: MIN_BET, fcCentsWageredPerPoint: 100, pointsPerDollar: 1 },
    premiumPackageId: 'season-pass',
    levels: THRESHOLDS.map((points, i) => ({ points, freePrize: { kind: 'gold_coins', amount: 100 * (i + 1) }, premiumPrize: { kind: 'fortune_coins', amountCents: 10 * (i + 1) } })),
    ...overrides,
  };
}

function harness(dialect: DialectName) {
  const clock = new ManualClock(Date.parse('2026-11-26T17:00:00Z'));
  const base = featureTestApp(dialect, { name: 'season', clock, jobsRunner: true, env: { ...DETERMINISTIC_SANDBOX, CONTENT_CHECK_INTERVAL_MS: '100' } });
  const { app, db } = base;
  const h = {
    clock,
    app,
    db,
    setup: base.setup,
    close: base.close,
    operator: (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => base.operator(method, `/seasons${url}`, payload),
    signUp: (): Promise<Player> => base.signUp({ GC: 1_000_000 }),
    season: async (player: Player | null, slug?: string): Promise<SeasonView> => {
      const res = await app().inject({ method: 'GET', url: slug ? `/rest/seasons/${slug}/` : '/rest/seasons/', headers: player ? { cookie: player.cookie } : {} });
      expect(res.statusCode, res.body).toBe(200);
      return ZSeasonResponse.parse(res.json()).data;
    },
    /** App init, once the site-wide state a job wrote reached this process (the content check: 100 ms here). */
    /** The season once its handlers caught up with what the test did (they run after the commit). */
    seasonWhen: async (player: Player, ready: (view: SeasonView) => boolean, slug?: string): Promise<SeasonView> => {
      let view = await h.season(player, slug);
      for (let i = 0; i < 100 && !ready(view); i++) {
        await sleep(50);
        view = await h.season(player, slug);
      }
      return view;
    },
    appInit: async (player: Player) => {
      await sleep(150);
      const res = await app().inject({ method: 'GET', url: '/rest/app/init/', headers: { cookie: player.cookie } });
      expect(res.statusCode, res.body).toBe(200);
      return ZAppInitResponse.parse(res.json()).data.season;
    },
    /**
     * Real rounds at the lowest GC bet, through the game API, until `rounds` of them took a stake (a
     * round of a free-spins feature the game triggered stakes nothing and makes no points).
     */
    spin: async (player: Player, rounds: number) => {
      const game = await db().selectFrom('games').select('id').where('slug', '=', GAME).executeTakeFirstOrThrow();
      const launched = await app().inject({ method: 'GET', url: `/rest/game/${game.id}/play/`, headers: { cookie: player.cookie } });
      expect(launched.statusCode, launched.body).toBe(200);
      const { session, bets } = launched.json().data as { session: string; bets: { min: number } };
      expect(bets.min).toBe(MIN_BET);
      let staked = 0;
      for (let i = 0; staked < rounds; i++) {
        expect(i, 'rounds played for the staked ones').toBeLessThan(rounds + 200);
        const round = await app().inject({ method: 'POST', url: `/rest/game/${game.id}/spin/`, headers: { cookie: player.cookie }, payload: { session, bet: bets.min, idempotencyKey: requestKey() } });
        expect(round.statusCode, round.body).toBe(200);
        const stake = (round.json().data as { stake: number }).stake;
        expect([0, MIN_BET]).toContain(stake);
        if (stake > 0) staked += 1;
      }
    },
    /** A purchase through the cashier with the sandbox provider's success card, its webhook delivered. */
    buy: async (player: Player, presetId: string) => {
      const bought = await app().inject({ method: 'POST', url: '/rest/cash/deposit/', headers: { cookie: player.cookie }, payload: { presetId, methodId: 'card', card: { number: TEST_CARDS.success, expMonth: 12, expYear: 2030, cvc: '123' }, idempotencyKey: requestKey() } });
      expect(bought.statusCode, bought.body).toBe(200);
      await sandboxProviderOf(app()).drain();
      return (bought.json().data as { paymentId: string }).paymentId;
    },
    pushes: async (player: Player): Promise<Push[]> => {
      const rows = await db().selectFrom('domain_events').select('push_json').where('player_id', '=', player.id).where('push_json', 'is not', null).orderBy('id').execute();
      return rows.map((r) => JSON.parse(r.push_json!) as Push).filter((p) => p.type === 'season');
    },
    /** Waits until every event was dispatched to its handlers. */
    drained: base.settle,
    /** The season prizes the ledger paid the player, by currency (the `prizes` transfers keyed by the feature). */
    ledgerPrizes: async (player: Player) => {
      // Keys are seasons:<season>:<player>:<level>:<track>:<currency>.
      const rows = (await db().selectFrom('ledger_transfers').select(['idempotency_key', 'currency', 'amount']).where('idempotency_key', 'like', 'seasons:%').execute()).filter((r) => r.idempotency_key.split(':')[2] === String(player.id));
      return { keys: rows.map((r) => r.idempotency_key).sort(), gc: rows.filter((r) => r.currency === 'GC').reduce((s, r) => s + Number(r.amount), 0), fc: rows.filter((r) => r.currency === 'FC').reduce((s, r) => s + Number(r.amount), 0) };
    },
    /** Runs the due jobs of a kind (the background runner may take them first) and answers how many are done. */
    runJobs: async (kind: string) => {
      await app().jobs.runner.runDue({ kinds: [kind] });
      for (let i = 0; i < 200; i++) {
        const due = await db().selectFrom('jobs').select('status').where('kind', '=', kind).where('run_at_ms', '<=', clock.nowMs()).execute();
        if (due.every((j) => j.status === 'done')) return due.length;
        await sleep(25);
      }
      throw new Error(`${kind} jobs did not finish`);
    },
  };
  return h;
}

describe.each(dialectsUnderTest())('seasons on %s', (dialect) => {
  const h = harness(dialect);
  beforeAll(h.setup, 60_000);
  afterAll(h.close);
  afterEach(async () => {
    await expectLedgerBalanced(h.db());
  });

  it('answers clear errors for bad input and writes nothing', async () => {
    const guest = await h.app().inject({ method: 'GET', url: '/rest/seasons/' });
    expect(guest.statusCode).toBe(404);
    expect(guest.json().error.code).toBe('SEASONS_NO_SEASON');
    const unknown = await h.app().inject({ method: 'GET', url: '/rest/seasons/no-such-season/' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('SEASONS_NOT_FOUND');
    const badSlug = await h.app().inject({ method: 'GET', url: '/rest/seasons/Bad_Slug/' });
    expect(badSlug.statusCode).toBe(400);
    expect(badSlug.json().error.code).toBe('VALIDATION_FAILED');

    const now = h.clock.nowMs();
    const refused = async (body: unknown, code: string, status: number) => {
      const res = await h.operator('POST', '/', body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error.code).toBe(code);
      return res.json().error as { fields?: Record<string, string> };
    };
    const good = seasonBody('bad-input', now + 30 * 24 * HOUR, now + 40 * 24 * HOUR);
    await refused({ ...good, levels: good.levels.slice(1) }, 'VALIDATION_FAILED', 400);
    const falling = await refused({ ...good, levels: good.levels.map((l, i) => (i === 4 ? { ...l, points: 3 } : l)) }, 'VALIDATION_FAILED', 400);
    expect(falling.fields).toHaveProperty(['levels.4.points']);
    await refused({ ...good, premiumPackageId: null }, 'VALIDATION_FAILED', 400);
    await refused({ ...good, premiumPackageId: 'no-such-package' }, 'SEASONS_UNKNOWN_PACKAGE', 404);
    await refused({ ...good, endsAt: good.startsAt }, 'VALIDATION_FAILED', 400);
    await refused({ ...good, rates: { ...good.rates, gcWageredPerPoint: 0 } }, 'VALIDATION_FAILED', 400);
    await refused({ ...good, levels: good.levels.map((l, i) => (i === 0 ? { ...l, freePrize: { kind: 'free_spins', gameId: 999_999, count: 5, betLevel: 1, lifetimeMs: HOUR } } : l)) }, 'VALIDATION_FAILED', 400);
    expect(await h.db().selectFrom('seasons').select('id').execute()).toEqual([]);
    expect(await h.db().selectFrom('jobs').select('id').where('kind', 'like', 'seasons.%').execute()).toEqual([]);

    expect((await h.operator('POST', '/', good)).statusCode).toBe(200);
    await refused(good, 'SEASONS_SLUG_TAKEN', 409);
    await refused(seasonBody('overlapping', now + 39 * 24 * HOUR, now + 50 * 24 * HOUR), 'SEASONS_OVERLAP', 409);
    const missing = await h.operator('PUT', '/no-such-season/', good);
    expect(missing.json().error.code).toBe('SEASONS_NOT_FOUND');
    // Moved later (edits before the start): the season stays one, its jobs follow its times.
    const moved = await h.operator('PUT', '/bad-input/', { ...good, startsAt: new Date(now + 60 * 24 * HOUR).toISOString(), endsAt: new Date(now + 70 * 24 * HOUR).toISOString() });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.startsAt).toBe(new Date(now + 60 * 24 * HOUR).toISOString());
    // Operators read what they saved; every change is audited in its transaction.
    const listed = await h.operator('GET', '/');
    expect(listed.json().data.seasons.map((s: { slug: string; status: string }) => [s.slug, s.status])).toEqual([['bad-input', 'scheduled']]);
    expect((await h.operator('GET', '/bad-input/')).json().data.levels).toHaveLength(12);
    const audit = await h.db().selectFrom('operator_audit').select('action').where('action', 'like', 'seasons.%').orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['seasons.create', 'seasons.update']);
  });

  it('runs a season from start to end on the clock: real spins and a purchase climb the free track, a late premium unlock pays the passed levels once, level 12 is the last', async () => {
    const start = h.clock.nowMs() + HOUR;
    const end = start + 7 * 24 * HOUR;
    const created = await h.operator('POST', '/', seasonBody('winter-2026', start, end));
    expect(created.statusCode, created.body).toBe(200);
    const a = await h.signUp();
    const b = await h.signUp();

    // Announced, not started: it is the default season, play does not count yet.
    expect(await h.season(null)).toMatchObject({ slug: 'winter-2026', status: 'scheduled', isActive: false, premium: { enabled: true, packageId: 'season-pass', price: 9.99 } });
    expect(await h.appInit(a)).toEqual({ isEnabled: true, slug: 'winter-2026', totalProgressPercents: 0, currentLevel: 0, isAvailable: false, isActive: false });
    await h.spin(a, 2);
    await h.drained();
    expect((await h.season(a, 'winter-2026')).player).toMatchObject({ points: 0, currentLevel: 0 });

    // The start is a durable job on the clock.
    expect(await h.runJobs(SEASONS_START_JOB)).toBe(0);
    h.clock.advance(HOUR);
    expect(await h.runJobs(SEASONS_START_JOB)).toBe(1);
    expect((await h.season(null)).status).toBe('running');
    expect((await h.appInit(a)).isActive).toBe(true);

    // Five rounds at the lowest bet: 5 points, levels 1 and 2 of the free track.
    await h.spin(a, 5);
    await h.spin(b, 3);
    await h.drained();
    let view = await h.seasonWhen(a, (v) => v.player!.points === 5);
    expect(view.player).toMatchObject({ points: 5, currentLevel: 2, isPremium: false, pointsToNextLevel: 1, wageredGc: 5 * MIN_BET });
    expect(view.levels.filter((l) => l.freePaid).map((l) => l.level)).toEqual([1, 2]);
    expect(view.levels.some((l) => l.premiumPaid)).toBe(false);
    const assigned = (await h.pushes(a)).filter((p) => p.action === 'prizeAssigned');
    expect(assigned.map((p) => [p.data.level, p.data.track, p.data.isLastLevel])).toEqual([[1, 'free', false], [2, 'free', false]]);
    expect((await h.pushes(a)).filter((p) => p.action === 'progressUpdate').at(-1)!.data).toMatchObject({ slug: 'winter-2026', points: 5, currentLevel: 2 });
    expect(await h.ledgerPrizes(a)).toMatchObject({ gc: 100 + 200, fc: 0 });

    // The premium pass, bought late through the cashier sandbox: 9 purchase points (14: level 7) and
    // the premium prizes of levels 1–7, each once.
    await h.buy(a, 'season-pass');
    await h.drained();
    view = await h.seasonWhen(a, (v) => v.player!.isPremium && v.player!.points === 14);
    expect(view.player).toMatchObject({ points: 14, currentLevel: 7, isPremium: true, purchasedCents: 999 });
    expect(view.levels.filter((l) => l.premiumPaid).map((l) => l.level)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const unlocked = (await h.pushes(a)).filter((p) => p.action === 'availableByDeposit');
    expect(unlocked).toHaveLength(1);
    expect(unlocked[0]!.data).toMatchObject({ levelsPaid: 7, isPremium: true, currentLevel: 7 });
    expect(await h.appInit(a)).toEqual({ isEnabled: true, slug: 'winter-2026', totalProgressPercents: 58.33, currentLevel: 7, isAvailable: true, isActive: true });
    const sum = (n: number, unit: number) => (unit * n * (n + 1)) / 2;
    expect(await h.ledgerPrizes(a)).toMatchObject({ gc: sum(7, 100), fc: sum(7, 10) });
    // The unlock delivered again (a handler retried after its effects committed): nothing is paid twice.
    const winter = (await seasonBySlug(h.db(), 'winter-2026'))!;
    const replay = await h.db().transaction().execute((trx) => addSeasonProgress(trx, winter, a.id, { wageredGc: 0, wageredFcCents: 0, purchasedCents: 0 }, { clock: h.clock, unlockPaymentId: 'a-second-delivery' }));
    expect(replay).toMatchObject({ points: 14, level: 7, premium: true, paid: [] });
    expect(await h.ledgerPrizes(a)).toMatchObject({ gc: sum(7, 100), fc: sum(7, 10) });

    // A second pass purchase unlocks nothing again: its points climb to level 11, each level paid on both tracks once.
    await h.buy(a, 'season-pass');
    await h.drained();
    expect((await h.pushes(a)).filter((p) => p.action === 'availableByDeposit')).toHaveLength(1);
    // Ten rounds more: level 12 (24 points at most count as 24), the last level.
    await h.spin(a, 10);
    await h.drained();
    view = await h.seasonWhen(a, (v) => v.player!.currentLevel === 12);
    expect(view.player).toMatchObject({ currentLevel: 12, totalProgressPercents: 100, pointsToNextLevel: 0 });
    expect(view.levels.every((l) => l.freePaid && l.premiumPaid)).toBe(true);
    const last = (await h.pushes(a)).filter((p) => p.action === 'prizeAssigned').at(-1)!;
    expect(last.data).toMatchObject({ level: 12, isLastLevel: true });
    const paid = await h.ledgerPrizes(a);
    expect(paid).toMatchObject({ gc: sum(12, 100), fc: sum(12, 10) });
    expect(new Set(paid.keys).size).toBe(24);
    const awards = await h.db().selectFrom('season_awards').select(['level', 'track']).where('player_id', '=', a.id).execute();
    expect(awards).toHaveLength(24);

    // The end job: from the end on, play no longer counts; the sweep finds nothing owed and pays nothing twice.
    h.clock.advance(end - h.clock.nowMs());
    expect((await h.appInit(b)).isActive).toBe(false);
    await h.spin(b, 4);
    await h.drained();
    expect(await h.runJobs(SEASONS_END_JOB)).toBe(1);
    // Run again (as after a crash before its done mark): the season is ended, nothing moves.
    const seasonId = (await h.db().selectFrom('seasons').select('id').where('slug', '=', 'winter-2026').executeTakeFirstOrThrow()).id;
    expect(await h.db().transaction().execute((trx) => endSeason(trx, { seasonId, atMs: end }, h.clock))).toEqual({ ended: false, paid: 0 });
    expect(await h.season(b, 'winter-2026')).toMatchObject({ status: 'ended', isActive: false, player: { points: 3, currentLevel: 1 } });
    expect((await h.ledgerPrizes(b)).gc).toBe(100);
    expect(await h.ledgerPrizes(a)).toEqual(paid);
    // The next announced season is the default now; the player's level in the ended one is not shown for it.
    expect(await h.appInit(b)).toEqual({ isEnabled: true, slug: 'bad-input', totalProgressPercents: 0, currentLevel: 0, isAvailable: false, isActive: false });
    const edit = await h.operator('PUT', '/winter-2026/', seasonBody('winter-2026', start, end));
    expect(edit.json().error.code).toBe('SEASONS_ALREADY_STARTED');
  });

  it('the end sweep pays a level reached that has no prize row (nothing earned is lost), with a notice, and never a prize twice', async () => {
    const start = h.clock.nowMs() + HOUR;
    const end = start + 24 * HOUR;
    const created = await h.operator('POST', '/', seasonBody('spring-2027', start, end, { premiumPackageId: null, levels: THRESHOLDS.map((points) => ({ points, freePrize: { kind: 'gold_coins', amount: 50 } })) }));
    expect(created.statusCode, created.body).toBe(200);
    h.clock.advance(HOUR);
    expect(await h.runJobs(SEASONS_START_JOB)).toBe(2);
    const c = await h.signUp();
    await h.spin(c, 4);
    await h.drained();
    await h.seasonWhen(c, (v) => v.player!.currentLevel === 2);
    const season = await h.db().selectFrom('seasons').select('id').where('slug', '=', 'spring-2027').executeTakeFirstOrThrow();
    expect((await h.ledgerPrizes(c)).gc).toBe(100);
    // Level 2's award row gone (its ledger transfer stays) and level 3 recorded without its prize.
    await h.db().deleteFrom('season_awards').where('season_id', '=', season.id).where('player_id', '=', c.id).where('level', '=', 2).execute();
    await h.db().updateTable('season_players').set({ level: 3, points: 6 }).where('season_id', '=', season.id).where('player_id', '=', c.id).execute();
    h.clock.advance(24 * HOUR);
    expect(await h.runJobs(SEASONS_END_JOB)).toBe(2);
    // Level 2's prize was paid before (its ledger key holds), level 3 is newly paid: 3 × 50 in all.
    expect((await h.ledgerPrizes(c)).gc).toBe(150);
    const notices = await h.db().selectFrom('reward_notices').select('feature').where('player_id', '=', c.id).execute();
    expect(notices.map((n) => n.feature)).toEqual(['seasons', 'seasons']);
  });
});
