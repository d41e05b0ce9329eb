import { createHash } from 'node:crypto';
import { ZFeaturesGamesInfoResponse } from '@sweepstack/contracts/app/features-games-info';
import { ZFairnessDrawResponse, type PrizeTableOdds } from '@sweepstack/contracts/rewards/prize';
import { ZWheelInfoResponse, type WheelInfo } from '@sweepstack/contracts/wheel-of-treasure/info';
import { ZWheelSpinResponse, type WheelSpinAnswer } from '@sweepstack/contracts/wheel-of-treasure/spin';
import type { DialectName } from '@sweepstack/db/connection';
import { getPlayerBalance } from '@sweepstack/db/repositories/ledger/balances';
import { transfer } from '@sweepstack/db/repositories/ledger/transfers';
import { multiplyPrize, prizeCoins, type Prize } from '@sweepstack/domain/rewards/prize';
import { drawSegmentIndex, parsePrizeTable } from '@sweepstack/domain/rewards/prize-table';
import { nextOperatorDayStartMs } from '@sweepstack/domain/shared/operator-day';
import { HmacRandomSource } from '@sweepstack/games/fairness/hmac-random';
import { commitServerSeed } from '@sweepstack/games/fairness/seeds';
import { expectLedgerBalanced } from '@sweepstack/testkit/ledger-invariants';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../../payments/sandbox-provider/cards';
import { sandboxProviderOf } from '../../routes/cashier/provider-registry';
import { ManualClock } from '../../testing/auth-helpers';
import { DETERMINISTIC_SANDBOX, featureTestApp } from '../../testing/feature-test-app';
import { nativeHmacSha256 } from '../../games/play';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let keys = 0;
const requestKey = () => `wheel-test-${++keys}-${Date.now()}`;

interface Player {
  cookie: string;
  id: number;
}

/** A real server of one theme, with helpers speaking to it only through its API (and the ledger for balances). */
function harness(dialect: DialectName, theme: 'stormrush' | 'nlc') {
  const clock = new ManualClock(Date.parse('2026-11-26T17:00:00Z'));
  const base = featureTestApp(dialect, { name: `wheel.${theme}.`, clock, jobsRunner: true, env: { THEME: theme, ...DETERMINISTIC_SANDBOX } });
  const { app, db } = base;
  return {
    clock,
    app,
    db,
    setup: base.setup,
    close: base.close,
    // Signs in again when a session expired: the tests move the clock by days, past an operator session's life.
    operator: (method: 'GET' | 'PUT', url: string, payload?: unknown) => base.operator(method, `/wheel-of-treasure${url}`, payload),
    signUp: (): Promise<Player> => base.signUp(),
    info: async (player?: Player): Promise<WheelInfo> => {
      const res = await app().inject({ method: 'GET', url: '/rest/wheel-of-treasure/info/', headers: player ? { cookie: player.cookie } : {} });
      expect(res.statusCode, res.body).toBe(200);
      return ZWheelInfoResponse.parse(res.json()).data;
    },
    spinRaw: (player: Player | null, kind: 'daily' | 'extra', key = requestKey()) =>
      app().inject({ method: 'POST', url: '/rest/wheel-of-treasure/spin/', headers: player ? { cookie: player.cookie } : {}, payload: { kind, requestKey: key } }),
    spin: async (player: Player, kind: 'daily' | 'extra', key = requestKey()): Promise<WheelSpinAnswer> => {
      const res = await app().inject({ method: 'POST', url: '/rest/wheel-of-treasure/spin/', headers: { cookie: player.cookie }, payload: { kind, requestKey: key } });
      expect(res.statusCode, res.body).toBe(200);
      return ZWheelSpinResponse.parse(res.json()).data;
    },
    balance: (player: Player) => getPlayerBalance(db(), player.id),
    pushes: async (player: Player, type: string) => {
      const rows = await db().selectFrom('domain_events').select('push_json').where('player_id', '=', player.id).where('push_json', 'is not', null).orderBy('id').execute();
      return rows.map((r) => JSON.parse(r.push_json!) as { type: string; action: string; data: Record<string, unknown> }).filter((p) => p.type === type);
    },
    /** Waits until the event dispatcher ran every handler (no event left undelivered). */
    settle: async (check: () => Promise<boolean>, what: string) => {
      for (let i = 0; i < 200; i++) {
        if (await check()) return;
        await sleep(25);
      }
      throw new Error(`timed out waiting for ${what}`);
    },
  };
}

/** The coins a prize pays, as the ledger sees them. */
function coinsOf(prize: Prize): { gc: number; fc: number } {
  const coins = prizeCoins(prize);
  return { gc: coins.gc, fc: coins.fcCents };
}

/** A published table as the draw reads it (its weights). */
function tableOf(table: PrizeTableOdds) {
  return parsePrizeTable({ slug: table.slug, feature: table.feature, fallbackSegment: 0, segments: table.segments.map((s) => ({ weight: s.weight, prize: s.prize })) });
}

/** Recomputes a draw from its revealed seed, as /fairness does in the browser. */
function recompute(table: PrizeTableOdds | ReturnType<typeof tableOf>, seeds: { serverSeed: string; clientSeed: string; nonce: number }) {
  return drawSegmentIndex('totalWeight' in table ? tableOf(table) : table, new HmacRandomSource(seeds, nativeHmacSha256));
}

const drawCounts = new Map<string, number[]>();

/**
 * How often each segment comes up in `n` draws through the real provably fair path: one committed
 * seed pair (a fixed, seeded server seed), consecutive nonces, HMAC-SHA256 rejection-sampled tickets.
 * Both dialects publish the same tables, so the counts are computed once per table content.
 */
function countDraws(table: PrizeTableOdds, n: number): number[] {
  const id = JSON.stringify(table.segments.map((s) => s.weight));
  const known = drawCounts.get(id);
  if (known) return known;
  const serverSeed = createHash('sha256').update('wheel-of-treasure odds test').digest('hex');
  const counts = new Array<number>(table.segments.length).fill(0);
  const weights = tableOf(table);
  for (let nonce = 0; nonce < n; nonce++) counts[recompute(weights, { serverSeed, clientSeed: 'odds-test', nonce }).index]! += 1;
  drawCounts.set(id, counts);
  return counts;
}

describe.each(dialectsUnderTest())('wheel of treasure on %s (stormrush: lootboxes)', (dialect) => {
  const h = harness(dialect, 'stormrush');
  beforeAll(h.setup, 60_000);
  afterAll(h.close);
  afterEach(async () => {
    // Money is never created or lost: the ledger balances after every test.
    await expectLedgerBalanced(h.db());
  });

  it('publishes the odds of every wheel before anything is spun or bought, and their frequencies hold over 100,000 provably fair draws', async () => {
    const info = await h.info();
    expect(info).toMatchObject({ isActive: true, timeZone: 'America/New_York', boosterRounds: 50, lootboxes: true, player: null });
    expect(info.tables.extra!.slug).toBe('wheel-of-treasure-extra-lootbox');
    expect(info.tables.extra!.segments.at(-1)!.prize).toEqual({ kind: 'lootbox', table: 'wheel-of-treasure-lootbox' });
    expect(info.offers).toEqual([{ id: 'wheel-extra-3', spins: 3, coins: 3000, entries: 0, price: 2.99, priceCents: 299 }]);
    const tables = [info.tables.daily, info.tables.booster!, info.tables.extra!, info.tables.lootbox!];
    for (const table of tables) expect(table.segments.reduce((sum, s) => sum + s.percent, 0)).toBeCloseTo(100, 2);

    // The real draw path: one committed seed pair, consecutive nonces, HMAC-SHA256 rejection-sampled tickets.
    const N = 100_000;
    for (const table of tables) {
      const counts = countDraws(table, N);
      for (const [index, segment] of table.segments.entries()) {
        const p = segment.weight / table.totalWeight;
        // 99% two-sided interval of a binomial count (normal approximation; every n·p here is ≥ 100).
        const halfWidth = 2.576 * Math.sqrt(N * p * (1 - p));
        expect(Math.abs(counts[index]! - N * p), `${table.slug} segment ${index}: ${counts[index]} of ${N}, expected ${(N * p).toFixed(0)} ± ${halfWidth.toFixed(0)}`).toBeLessThanOrEqual(halfWidth);
      }
    }
  }, 120_000);

  it('gives one free spin per operator day, paid once, verifiable on /fairness; a retry answers the same spin', async () => {
    const player = await h.signUp();
    const before = await h.balance(player);
    expect((await h.info(player)).player).toMatchObject({ dailyAvailable: true, nextDailyAtMs: null, boosterEarned: false, extraSpins: 0 });
    // App init's featureTimes (the sidebar's ready badge, then its countdown to the next free spin).
    const times = async () => (await h.app().inject({ method: 'GET', url: '/rest/app/init/', headers: { cookie: player.cookie } })).json().data.featureTimes['wheel-of-treasure'];
    expect(await times()).toEqual({ availableAtMs: 0 });
    const key = requestKey();
    const spun = await h.spin(player, 'daily', key);
    expect(spun).toMatchObject({ kind: 'daily', replayed: false, booster: null, boosterFactor: 1, lootbox: null, fellBack: false });
    expect(spun.draw.table).toBe('wheel-of-treasure-daily');
    expect(spun.prize).toEqual(spun.draw.segmentPrize);
    expect(spun.status).toMatchObject({ dailyAvailable: false, nextDailyAtMs: nextOperatorDayStartMs(h.clock.nowMs(), 'America/New_York') });
    expect(await times()).toEqual({ availableAtMs: spun.status.nextDailyAtMs });
    const paid = coinsOf(spun.prize);
    const after = await h.balance(player);
    expect(after.coins - before.coins).toBe(paid.gc);
    expect(after.entries - before.entries).toBe(paid.fc);

    const again = await h.spin(player, 'daily', key);
    expect(again).toEqual({ ...spun, replayed: true });
    expect(await h.balance(player)).toEqual(after);
    const second = await h.spinRaw(player, 'daily');
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('WHEEL_OF_TREASURE_DAILY_USED');
    const reused = await h.spinRaw(player, 'extra', key);
    expect(reused.json().error.code).toBe('WHEEL_OF_TREASURE_KEY_REUSED');

    // /fairness recomputes it once the seed is revealed.
    await h.app().inject({ method: 'POST', url: '/rest/fairness/rotate/', headers: { cookie: player.cookie, 'content-type': 'application/json' }, payload: {} });
    const proof = ZFairnessDrawResponse.parse((await h.app().inject({ method: 'GET', url: `/rest/fairness/draws/${spun.draw.drawId}/`, headers: { cookie: player.cookie } })).json()).data;
    expect(commitServerSeed(proof.serverSeed!)).toBe(spun.draw.serverSeedHash);
    expect(recompute(proof.table, { serverSeed: proof.serverSeed!, clientSeed: spun.draw.clientSeed, nonce: spun.draw.nonce })).toEqual({ index: spun.draw.segmentIndex, ticket: spun.draw.ticket });

    // The next operator day opens the next free spin.
    h.clock.advance(nextOperatorDayStartMs(h.clock.nowMs(), 'America/New_York') - h.clock.nowMs() + 1000);
    expect((await h.info(player)).player!.dailyAvailable).toBe(true);
    expect((await h.spin(player, 'daily')).replayed).toBe(false);
  });

  it('earns the booster by rounds played today (the real handler): the booster draw multiplies the daily prize', async () => {
    expect((await h.operator('PUT', '/rules/', { boosterRounds: 3 })).statusCode).toBe(200);
    const player = await h.signUp();
    await transfer(h.db(), { idempotencyKey: `wheel-test-credit:${player.id}`, from: { system: 'promotions' }, to: { playerId: player.id, kind: 'player_balance' }, currency: 'GC', amount: 100_000, reason: 'promotion' });
    const game = await h.db().selectFrom('games').select('id').where('slug', '=', 'reef-raiders').executeTakeFirstOrThrow();
    const launched = await h.app().inject({ method: 'GET', url: `/rest/game/${game.id}/play/`, headers: { cookie: player.cookie } });
    expect(launched.statusCode, launched.body).toBe(200);
    const { session, bets } = launched.json().data as { session: string; bets: { min: number } };
    for (let i = 0; i < 3; i++) {
      const round = await h.app().inject({ method: 'POST', url: `/rest/game/${game.id}/spin/`, headers: { cookie: player.cookie }, payload: { session, bet: bets.min, idempotencyKey: requestKey() } });
      expect(round.statusCode, round.body).toBe(200);
    }
    await h.settle(async () => (await h.pushes(player, 'wheelOfTreasure')).length > 0, 'the booster push');
    const [push] = await h.pushes(player, 'wheelOfTreasure');
    expect(push).toMatchObject({ action: 'boosterEarned', data: { boosterEarned: true, roundsToday: 3, roundsToBooster: 0 } });
    const features = ZFeaturesGamesInfoResponse.parse((await h.app().inject({ method: 'GET', url: '/rest/features-games-info/info/?useOptimizedGames=1', headers: { cookie: player.cookie } })).json()).data;
    expect(features).toMatchObject({ statusFeatures: { 'wheel-of-treasure': { isActive: true } }, availableWheel: true, boosterWheel: { wheels: { id: 'wheel-of-treasure-booster' } }, extraWheel: null });

    const before = await h.balance(player);
    const spun = await h.spin(player, 'daily');
    expect(spun.booster).not.toBeNull();
    expect(spun.booster!.table).toBe('wheel-of-treasure-booster');
    const multiplier = spun.booster!.segmentPrize;
    expect(multiplier.kind).toBe('multiplier');
    expect(spun.boosterFactor).toBe(multiplier.kind === 'multiplier' ? multiplier.factor : 0);
    expect(spun.booster!.nonce + 1).toBe(spun.draw.nonce);
    expect(spun.prize).toEqual(multiplyPrize(spun.draw.segmentPrize, spun.boosterFactor));
    const after = await h.balance(player);
    expect(after.coins - before.coins).toBe(coinsOf(spun.prize).gc);
    expect((await h.operator('PUT', '/rules/', { boosterRounds: 50 })).statusCode).toBe(200);
  });

  it('credits the extra spins of a real sandbox purchase once, offers the package only as extraWheel, and spends them on the chest wheel', async () => {
    const player = await h.signUp();
    const sets = (await h.app().inject({ method: 'GET', url: '/rest/available-sets/check/' })).json().data as { packages: { id: string }[]; promoOffers: { extraWheel: { id: string; spins: number }[] } };
    expect(sets.promoOffers.extraWheel).toEqual([expect.objectContaining({ id: 'wheel-extra-3', spins: 3 })]);
    expect(sets.packages.map((p) => p.id)).not.toContain('wheel-extra-3');
    expect(sets.packages.length).toBeGreaterThan(0);

    const noSpins = await h.spinRaw(player, 'extra');
    expect(noSpins.json().error.code).toBe('WHEEL_OF_TREASURE_NO_EXTRA_SPINS');
    const bought = await h.app().inject({ method: 'POST', url: '/rest/cash/deposit/', headers: { cookie: player.cookie }, payload: { presetId: 'wheel-extra-3', methodId: 'card', card: { number: TEST_CARDS.success, expMonth: 12, expYear: 2030, cvc: '123' }, idempotencyKey: requestKey() } });
    expect(bought.statusCode, bought.body).toBe(200);
    const paymentId = (bought.json().data as { paymentId: string }).paymentId;
    // The sandbox provider's webhook, as its worker would send it.
    await sandboxProviderOf(h.app()).drain();
    await h.settle(async () => (await h.info(player)).player!.extraSpins === 3, 'the extra spins');
    expect(await h.pushes(player, 'wheelOfTreasure')).toEqual([expect.objectContaining({ action: 'extraSpinsCredited', data: expect.objectContaining({ extraSpins: 3 }) })]);
    const credits = await h.db().selectFrom('wheel_of_treasure_purchases').selectAll().where('payment_id', '=', paymentId).execute();
    expect(credits).toHaveLength(1);

    // Make the chest nearly certain (a new table version): the chest opens with its own draw.
    const tables = (await h.info()).tables;
    const chest = await h.operator('PUT', '/tables/wheel-of-treasure-extra-lootbox/', { fallbackSegment: 0, segments: [{ weight: 1, prize: { kind: 'gold_coins', amount: 10 } }, { weight: 999_999, prize: { kind: 'lootbox', table: 'wheel-of-treasure-lootbox' } }] });
    expect(chest.statusCode, chest.body).toBe(200);
    expect(chest.json().data.version).toBe(tables.extra!.version + 1);
    const features = ZFeaturesGamesInfoResponse.parse((await h.app().inject({ method: 'GET', url: '/rest/features-games-info/info/', headers: { cookie: player.cookie } })).json()).data;
    expect(features.extraWheel).toEqual({ count: 3, wheels: { id: 'wheel-of-treasure-extra-lootbox' } });

    const before = await h.balance(player);
    const spun = await h.spin(player, 'extra');
    expect(spun.draw).toMatchObject({ table: 'wheel-of-treasure-extra-lootbox', segmentIndex: 1 });
    expect(spun.lootbox).toMatchObject({ table: 'wheel-of-treasure-lootbox', nonce: spun.draw.nonce + 1 });
    expect(spun.prize).toEqual(spun.lootbox!.segmentPrize);
    expect((await h.balance(player)).coins - before.coins).toBe(coinsOf(spun.prize).gc);
    expect(spun.status.extraSpins).toBe(2);
    await h.spin(player, 'extra');
    await h.spin(player, 'extra');
    expect((await h.spinRaw(player, 'extra')).json().error.code).toBe('WHEEL_OF_TREASURE_NO_EXTRA_SPINS');
    // Restore the seeded table (another version; past draws keep theirs).
    expect((await h.operator('PUT', '/tables/wheel-of-treasure-extra-lootbox/', { fallbackSegment: 0, segments: tables.extra!.segments.map((s) => ({ weight: s.weight, prize: s.prize, ...(s.label ? { label: s.label } : {}) })) })).statusCode).toBe(200);
  });

  it('refuses guests, self-excluded and cooling-off players with clear errors, and moves nothing', async () => {
    const guest = await h.spinRaw(null, 'daily');
    expect(guest.statusCode).toBe(401);
    expect(guest.json().error.code).toBe('AUTH_REQUIRED');
    for (const [status, code] of [['SELF_EXCLUDED', 'WHEEL_OF_TREASURE_SELF_EXCLUDED'], ['COOLING_OFF', 'WHEEL_OF_TREASURE_COOLING_OFF']] as const) {
      const player = await h.signUp();
      await h.db().updateTable('players').set({ account_status: status }).where('id', '=', player.id).execute();
      const before = await h.balance(player);
      const res = await h.spinRaw(player, 'daily');
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe(code);
      expect(await h.balance(player)).toEqual(before);
      expect(await h.db().selectFrom('reward_draws').select('id').where('player_id', '=', player.id).execute()).toEqual([]);
      expect(await h.db().selectFrom('wheel_of_treasure_spins').select('spin_key').where('player_id', '=', player.id).execute()).toEqual([]);
    }
    const player = await h.signUp();
    const bad = await h.app().inject({ method: 'POST', url: '/rest/wheel-of-treasure/spin/', headers: { cookie: player.cookie }, payload: { kind: 'mega', requestKey: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('operators edit rules, budgets, tables and offers with the audit; bad tables are refused; a finished wheel closes the free spin', async () => {
    const unknown = await h.operator('PUT', '/tables/nope/', { fallbackSegment: 0, segments: [{ weight: 1, prize: { kind: 'nothing' } }] });
    expect(unknown.json().error.code).toBe('WHEEL_OF_TREASURE_UNKNOWN_TABLE');
    const multiplierOnDaily = await h.operator('PUT', '/tables/wheel-of-treasure-daily/', { fallbackSegment: 0, segments: [{ weight: 1, prize: { kind: 'multiplier', factor: 2 } }] });
    expect(multiplierOnDaily.statusCode).toBe(400);
    const chestFallback = await h.operator('PUT', '/tables/wheel-of-treasure-extra-lootbox/', { fallbackSegment: 0, segments: [{ weight: 1, prize: { kind: 'lootbox', table: 'wheel-of-treasure-lootbox' } }] });
    expect(chestFallback.json().error.code).toBe('VALIDATION_FAILED');
    expect((await h.operator('PUT', '/budgets/', { GC: 60_000_000 })).statusCode).toBe(200);
    expect((await h.operator('PUT', '/offers/nope/', { spins: 2 })).json().error.code).toBe('WHEEL_OF_TREASURE_UNKNOWN_PACKAGE');
    const overview = (await h.operator('GET', '/')).json().data as { budget: { budget: { gc: number } }; offers: Record<string, number> };
    expect(overview.budget.budget.gc).toBe(60_000_000);
    expect(overview.offers).toEqual({ 'wheel-extra-3': 3 });

    const player = await h.signUp();
    // A finish time is a durable timer: when it comes, the feature's status row turns inactive.
    const status = async () => JSON.parse((await h.db().selectFrom('feature_status').select('status_json').where('feature', '=', 'wheel-of-treasure').executeTakeFirstOrThrow()).status_json) as { isActive: boolean };
    const times = async () => (await h.app().inject({ method: 'GET', url: '/rest/app/init/', headers: { cookie: player.cookie } })).json().data.featureTimes['wheel-of-treasure'] as { finishesAtMs?: number; availableAtMs?: number };
    expect((await times()).finishesAtMs).toBeUndefined();
    const finishAtMs = h.clock.nowMs() + 60_000;
    expect((await h.operator('PUT', '/rules/', { finishesAtMs: finishAtMs })).statusCode).toBe(200);
    expect(await status()).toMatchObject({ isActive: true });
    // The web's finish timer reads the end from app init's featureTimes (as daily login's does).
    await h.settle(async () => (await times()).finishesAtMs === finishAtMs, 'app init to show the wheel\'s end');
    expect(await times()).toEqual({ finishesAtMs: finishAtMs, availableAtMs: 0 });
    h.clock.advance(60_000);
    await h.app().jobs.runner.runDue();
    await h.settle(async () => !(await status()).isActive, 'the finish to turn the status off');
    // Finished: no timer to set any more.
    await h.settle(async () => (await times()).finishesAtMs === undefined, 'app init to drop the finished wheel\'s end');
    expect((await h.info(player)).isActive).toBe(false);
    expect((await h.spinRaw(player, 'daily')).json().error.code).toBe('WHEEL_OF_TREASURE_NOT_ACTIVE');
    expect((await h.operator('PUT', '/rules/', { finishesAtMs: null })).statusCode).toBe(200);
    expect((await h.spin(player, 'daily')).kind).toBe('daily');
    const audit = await h.db().selectFrom('operator_audit').select('action').where('action', 'like', 'wheel-of-treasure.%').execute();
    expect(new Set(audit.map((a) => a.action))).toEqual(new Set(['wheel-of-treasure.rules', 'wheel-of-treasure.budgets', 'wheel-of-treasure.table']));
  });
});

describe.each(dialectsUnderTest())('wheel of treasure on %s (nlc: no lootboxes)', (dialect) => {
  const h = harness(dialect, 'nlc');
  beforeAll(h.setup, 60_000);
  afterAll(h.close);
  afterEach(async () => {
    await expectLedgerBalanced(h.db());
  });

  it('never offers or draws the chest where the theme has no lootboxes', async () => {
    const info = await h.info();
    expect(info.lootboxes).toBe(false);
    expect(info.tables.lootbox).toBeNull();
    expect(info.tables.extra!.slug).toBe('wheel-of-treasure-extra');
    expect(info.tables.extra!.segments.some((s) => s.prize.kind === 'lootbox')).toBe(false);
    const player = await h.signUp();
    await h.db().insertInto('wheel_of_treasure_players').values({ player_id: player.id, last_daily_spin_day: null, rounds_day: null, rounds: 0, extra_spins: 2, updated_at_ms: 1 }).execute();
    for (let i = 0; i < 2; i++) {
      const spun = await h.spin(player, 'extra');
      expect(spun.draw.table).toBe('wheel-of-treasure-extra');
      expect(spun.lootbox).toBeNull();
    }
  });
});
