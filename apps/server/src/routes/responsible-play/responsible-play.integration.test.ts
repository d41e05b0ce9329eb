import { findPlayerByUuid } from '@sweepstack/db/repositories/players';
import { getPlayerBalance } from '@sweepstack/db/repositories/ledger/balances';
import { transfer } from '@sweepstack/db/repositories/ledger/transfers';
import { expectLedgerBalanced } from '@sweepstack/testkit/ledger-invariants';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fundRedeemable, multipartFile, OPERATOR_ENV, operatorCookie, sampleDocuments } from '../../kyc/testing';
import { GOOD_PASSWORD, ManualClock, sessionCookieOf, signUpViaApi } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ENV = { ...OPERATOR_ENV, PAYMENTS_SANDBOX_MODE: 'deterministic', PAYMENTS_SANDBOX_WORKER: 'false', PAYMENTS_SANDBOX_DUPLICATE_RATE: '0', PAYMENTS_SANDBOX_REORDER_RATE: '0' };
const BANK = { accountHolder: 'Ada Lovelace', routingNumber: '021000021', accountNumber: '123456789', accountType: 'checking' };

describe.each(dialectsUnderTest())('responsible play: cooling-off and self-exclusion on %s', (dialect) => {
  const clock = new ManualClock();
  let t: TestApp;
  let admin = '';
  let counter = 0;
  let gameId: number;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: true, clock, env: ENV });
    gameId = Number((await t.database.db.selectFrom('games').select('id').where('slug', '=', 'reef-raiders').executeTakeFirstOrThrow()).id);
  }, 60_000);
  afterEach(async () => {
    await expectLedgerBalanced(t.database.db);
  });
  afterAll(async () => {
    await t.close();
  });

  const key = (prefix: string) => `${prefix}-${(counter += 1).toString().padStart(6, '0')}`;
  const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const post = (cookie: string | null, url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers: cookie ? { cookie } : {} });
  const coolOff = (cookie: string | null, period: unknown, extra: Record<string, unknown> = {}) => post(cookie, '/rest/player/responsible-play/cooling-off/', { period, confirm: true, ...extra });
  const selfExclude = (cookie: string | null, period: unknown) => post(cookie, '/rest/player/responsible-play/self-exclusion/', { period, confirm: true });
  const state = async (cookie: string) => (await get(cookie, '/rest/player/responsible-play/exclusion/')).json().data;
  const deposit = (cookie: string) => post(cookie, '/rest/cash/deposit/', { presetId: 'gc-5k', methodId: 'apple_pay', idempotencyKey: key('buy') });
  const launch = (cookie: string) => get(cookie, `/rest/game/${gameId}/play/`);
  const redeem = (cookie: string) => post(cookie, '/rest/cash/redeem/', { amount: 10_000, method: 'bank', details: BANK, idempotencyKey: key('redeem') });
  const toSweeps = (cookie: string) => get(cookie, '/rest/player/game-mode/switch-to-sweep-stakes/');
  const toGold = (cookie: string) => get(cookie, '/rest/player/game-mode/switch-to-tournament-points/');

  /** A verified player with 200.00 FC of winnings and 10,000 GC more, in Gold Coin mode. */
  async function player() {
    const email = `${key('rg')}@responsible.test`;
    const { cookie, uuid } = await signUpViaApi(t.app, email);
    const id = (await findPlayerByUuid(t.database.db, uuid))!.id;
    await fundRedeemable(t.database.db, id, 20_000);
    await transfer(t.database.db, { idempotencyKey: `rg-gc:${id}`, from: { system: 'promotions' }, to: { playerId: id, kind: 'player_balance' }, currency: 'GC', amount: 10_000, reason: 'promotion' });
    const file = multipartFile('id.png', 'image/png', (await sampleDocuments()).png);
    const uploaded = await t.app.inject({ method: 'POST', url: '/rest/player/documents/', payload: file.payload, headers: { ...file.headers, cookie } });
    // The clock moves by days in these tests: a fresh operator session each time.
    admin = await operatorCookie(t.app, OPERATOR_ENV.OPERATOR_BOOTSTRAP_EMAIL, OPERATOR_ENV.OPERATOR_BOOTSTRAP_PASSWORD);
    expect((await post(admin, `/api/operator/documents/${uploaded.json().data.id}/approve/`, {})).statusCode).toBe(200);
    return { cookie, id, email };
  }

  it('a cooling-off blocks purchases, play in both currencies and redeem, survives sign-out, cannot be shortened, and ends by itself', async () => {
    const p = await player();
    const before = await getPlayerBalance(t.database.db, p.id);
    const { session } = (await launch(p.cookie)).json().data as { session: string };
    expect(await state(p.cookie)).toMatchObject({ state: 'none', current: null, history: [], options: { coolingOff: [{ period: '24h', durationMs: DAY }, { period: '7d' }, { period: '30d' }], selfExclusion: [{ period: '6m' }, { period: '1y' }, { period: '5y' }, { period: 'permanent', durationMs: null }] } });

    const started = await coolOff(p.cookie, '7d');
    expect(started.statusCode, started.body).toBe(200);
    const startedAt = clock.nowMs();
    expect(started.json().data).toMatchObject({ state: 'cooling_off', current: { kind: 'cooling_off', period: '7d', startedAtMs: startedAt, untilMs: startedAt + 7 * DAY } });

    // Purchases, play (a session opened before and a new launch, Gold and Fortune Coins) and redeem.
    const buy = await deposit(p.cookie);
    expect(buy.statusCode).toBe(403);
    expect(buy.json().error.code).toBe('CASHIER_COOLING_OFF');
    const spin = await post(p.cookie, `/rest/game/${gameId}/spin/`, { session, bet: 100, idempotencyKey: key('spin') });
    expect(spin.statusCode).toBe(403);
    expect(spin.json().error.code).toBe('GAME_PLAY_COOLING_OFF');
    expect((await launch(p.cookie)).json().error.code).toBe('GAME_PLAY_COOLING_OFF');
    expect((await toSweeps(p.cookie)).statusCode).toBe(200);
    const fcLaunch = await launch(p.cookie);
    expect(fcLaunch.statusCode).toBe(403);
    expect(fcLaunch.json().error.code).toBe('GAME_PLAY_COOLING_OFF');
    const refused = await redeem(p.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('REDEEM_COOLING_OFF');
    expect((await get(p.cookie, '/rest/cash/redeem/')).json().data).toMatchObject({ available: false, refusals: ['REDEEM_COOLING_OFF'] });
    expect((await get(p.cookie, '/rest/app/init/')).json().data.accountStatus).toBe('COOLING_OFF');

    // It cannot be shortened, replaced by the same length, or lifted by signing out and in again.
    for (const period of ['24h', '7d']) {
      const shorter = await coolOff(p.cookie, period);
      expect(shorter.statusCode).toBe(409);
      expect(shorter.json().error.code).toBe('RESPONSIBLE_PLAY_CANNOT_SHORTEN');
    }
    expect((await get(p.cookie, '/rest/logout/')).statusCode).toBe(200);
    expect((await get(p.cookie, '/rest/player/responsible-play/exclusion/')).statusCode).toBe(401);
    const signIn = await post(null, '/rest/auth/signin/', { email: p.email, password: GOOD_PASSWORD });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const cookie = `ss_session=${sessionCookieOf(signIn)}`;
    expect((await state(cookie)).state).toBe('cooling_off');
    expect((await deposit(cookie)).json().error.code).toBe('CASHIER_COOLING_OFF');

    // Nothing moved, no payment, no round, no redemption.
    expect(await getPlayerBalance(t.database.db, p.id)).toEqual(before);
    expect(await t.database.db.selectFrom('cashier_payments').select('id').where('player_id', '=', p.id).execute()).toEqual([]);
    expect(await t.database.db.selectFrom('game_rounds').select('id').where('player_id', '=', p.id).execute()).toEqual([]);
    expect(await t.database.db.selectFrom('redemptions').select('id').where('player_id', '=', p.id).execute()).toEqual([]);

    // A longer one extends it; the cashier's row follows.
    clock.advance(HOUR);
    const longer = await coolOff(cookie, '30d');
    expect(longer.statusCode, longer.body).toBe(200);
    const until = clock.nowMs() + 30 * DAY;
    expect(longer.json().data.current).toMatchObject({ period: '30d', untilMs: until });
    expect(longer.json().data.history).toHaveLength(2);
    expect(Number((await t.database.db.selectFrom('cashier_cooling_off').select('until_ms').where('player_id', '=', p.id).executeTakeFirstOrThrow()).until_ms)).toBe(until);

    // One millisecond before the end it still holds; at the end the account is back.
    clock.advance(30 * DAY - 1);
    expect((await deposit(cookie)).json().error.code).toBe('CASHIER_COOLING_OFF');
    clock.advance(1);
    expect(await state(cookie)).toMatchObject({ state: 'none', current: null });
    expect((await t.database.db.selectFrom('players').select('account_status').where('id', '=', p.id).executeTakeFirstOrThrow()).account_status).toBe('ACTIVE');
    expect((await launch(cookie)).statusCode).toBe(200);
    expect((await get(cookie, '/rest/cash/redeem/')).json().data).toMatchObject({ available: true, refusals: [] });
    expect((await deposit(cookie)).statusCode).toBe(200);
    await toGold(cookie);
  });

  it('a self-exclusion blocks everything, only a longer one replaces it, a permanent one never ends', async () => {
    const p = await player();
    expect((await coolOff(p.cookie, '24h')).statusCode).toBe(200);
    // A self-exclusion may follow a cooling-off (it is longer).
    const excluded = await selfExclude(p.cookie, '6m');
    expect(excluded.statusCode, excluded.body).toBe(200);
    expect(excluded.json().data).toMatchObject({ state: 'self_excluded', current: { kind: 'self_exclusion', period: '6m', untilMs: clock.nowMs() + 183 * DAY } });
    expect((await deposit(p.cookie)).json().error.code).toBe('CASHIER_SELF_EXCLUDED');
    expect((await launch(p.cookie)).json().error.code).toBe('GAME_PLAY_SELF_EXCLUDED');
    await toSweeps(p.cookie);
    expect((await launch(p.cookie)).json().error.code).toBe('GAME_PLAY_SELF_EXCLUDED');
    expect((await redeem(p.cookie)).json().error.code).toBe('REDEEM_SELF_EXCLUDED');

    // A cooling-off cannot replace it, not even a long one near its end.
    const cooling = await coolOff(p.cookie, '30d');
    expect(cooling.statusCode).toBe(409);
    expect(cooling.json().error.code).toBe('RESPONSIBLE_PLAY_SELF_EXCLUDED');
    expect((await selfExclude(p.cookie, '6m')).json().error.code).toBe('RESPONSIBLE_PLAY_CANNOT_SHORTEN');
    expect((await selfExclude(p.cookie, 'permanent')).statusCode).toBe(200);
    expect((await selfExclude(p.cookie, '5y')).json().error.code).toBe('RESPONSIBLE_PLAY_CANNOT_SHORTEN');
    expect((await selfExclude(p.cookie, 'permanent')).json().error.code).toBe('RESPONSIBLE_PLAY_CANNOT_SHORTEN');

    clock.advance(10 * 365 * DAY);
    // The old session has expired by now; a self-excluded player may still sign in and see it.
    const signIn = await post(null, '/rest/auth/signin/', { email: p.email, password: GOOD_PASSWORD });
    expect(signIn.statusCode, signIn.body).toBe(200);
    p.cookie = `ss_session=${sessionCookieOf(signIn)}`;
    expect(await state(p.cookie)).toMatchObject({ state: 'self_excluded', current: { period: 'permanent', untilMs: null } });
    expect((await deposit(p.cookie)).json().error.code).toBe('CASHIER_SELF_EXCLUDED');
    expect((await t.database.db.selectFrom('players').select('account_status').where('id', '=', p.id).executeTakeFirstOrThrow()).account_status).toBe('SELF_EXCLUDED');
    expect((await getPlayerBalance(t.database.db, p.id)).winnings).toBe(20_000);
  });

  it('parallel requests are decided one after the other: every accepted break ends later than the one before', async () => {
    const p = await player();
    const periods = ['24h', '7d', '30d', '24h', '7d', '30d', '24h', '7d'];
    const answers = await Promise.all(periods.map((period) => coolOff(p.cookie, period)));
    for (const res of answers) {
      expect([200, 409], res.body).toContain(res.statusCode);
      if (res.statusCode === 409) expect(res.json().error.code).toBe('RESPONSIBLE_PLAY_CANNOT_SHORTEN');
    }
    const rows = await t.database.db.selectFrom('responsible_play_exclusions').select(['id', 'until_ms']).where('player_id', '=', p.id).orderBy('id').execute();
    expect(rows.length).toBe(answers.filter((r) => r.statusCode === 200).length);
    for (let i = 1; i < rows.length; i += 1) expect(Number(rows[i]!.until_ms)).toBeGreaterThan(Number(rows[i - 1]!.until_ms));
    expect((await state(p.cookie)).current).toMatchObject({ period: '30d' });
  });

  it('every break is recorded append-only (the audit trail)', async () => {
    const p = await player();
    await coolOff(p.cookie, '24h');
    const rows = await t.database.db.selectFrom('responsible_play_exclusions').selectAll().where('player_id', '=', p.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'cooling_off', period: '24h' });
    expect(rows[0]!.user_agent).toBeTruthy();
    await expect(t.database.db.updateTable('responsible_play_exclusions').set({ until_ms: 0 }).where('player_id', '=', p.id).execute()).rejects.toThrow(/append-only/);
    await expect(t.database.db.deleteFrom('responsible_play_exclusions').where('player_id', '=', p.id).execute()).rejects.toThrow(/append-only/);
    await expect(sql`update responsible_play_exclusions set period = '1y' where player_id = ${p.id}`.execute(t.database.db)).rejects.toThrow(/append-only/);
  });

  it('refuses bad input with stable codes and guests with 401', async () => {
    const p = await player();
    const cases: [string, unknown][] = [
      ['/rest/player/responsible-play/cooling-off/', { period: '1h', confirm: true }],
      ['/rest/player/responsible-play/cooling-off/', { period: '6m', confirm: true }],
      ['/rest/player/responsible-play/cooling-off/', { period: '24h' }],
      ['/rest/player/responsible-play/cooling-off/', { period: '24h', confirm: false }],
      ['/rest/player/responsible-play/cooling-off/', { period: '24h', confirm: true, untilMs: 1 }],
      ['/rest/player/responsible-play/self-exclusion/', { period: '24h', confirm: true }],
      ['/rest/player/responsible-play/self-exclusion/', { period: 5, confirm: true }],
      ['/rest/player/responsible-play/self-exclusion/', {}],
    ];
    for (const [url, body] of cases) {
      const res = await post(p.cookie, url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    const notJson = await t.app.inject({ method: 'POST', url: '/rest/player/responsible-play/cooling-off/', payload: '{', headers: { cookie: p.cookie, 'content-type': 'application/json' } });
    expect(notJson.statusCode).toBe(400);
    for (const res of [await coolOff(null, '24h'), await selfExclude(null, '6m'), await t.app.inject({ method: 'GET', url: '/rest/player/responsible-play/exclusion/' })]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('AUTH_REQUIRED');
    }
    expect((await state(p.cookie)).state).toBe('none');
    expect(await t.database.db.selectFrom('responsible_play_exclusions').select('id').where('player_id', '=', p.id).execute()).toEqual([]);
  });
});
