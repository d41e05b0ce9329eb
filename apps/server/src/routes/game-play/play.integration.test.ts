import { findPlayerByUuid } from '@sweepstack/db/repositories/players';
import { getAccountBalance, getPlayerBalance } from '@sweepstack/db/repositories/ledger/balances';
import { transfer } from '@sweepstack/db/repositories/ledger/transfers';
import type { Currency } from '@sweepstack/domain/wallet/money';
import { ZRoundsResponse, ZSpinResponse } from '@sweepstack/contracts/games/play';
import { verifyStep } from '@sweepstack/games/fairness/verify-round';
import { expectLedgerBalanced } from '@sweepstack/testkit/ledger-invariants';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpViaApi } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';

interface Player {
  cookie: string;
  id: number;
}

let counter = 0;
function key(prefix = 'k'): string {
  counter += 1;
  return `${prefix}-${counter.toString().padStart(8, '0')}`;
}

describe.each(dialectsUnderTest())('play API on %s', (dialect) => {
  let t: TestApp;
  const gameIds = new Map<string, number>();

  beforeAll(async () => {
    // No outbox dispatcher: the rounds earn league experience, and a section's reward (Gold Coins) landed
    // after the commit in the middle of the exact-balance checks (a clean CI run read 1,023,560 for 998,560).
    // The events themselves are still recorded with each round.
    t = await createTestApp(dialect, { seed: true, env: { OUTBOX_DISPATCHER: 'false' } });
    const rows = await t.database.db.selectFrom('games').select(['id', 'slug']).execute();
    for (const r of rows) gameIds.set(r.slug, Number(r.id));
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const id = (slug: string) => gameIds.get(slug)!;

  async function newPlayer(credit: Partial<Record<Currency, number>> = {}): Promise<Player> {
    const { cookie, uuid } = await signUpViaApi(t.app, `${key('p')}@play.test`);
    const player = (await findPlayerByUuid(t.database.db, uuid))!;
    for (const [currency, amount] of Object.entries(credit) as [Currency, number][]) {
      await transfer(t.database.db, { idempotencyKey: `test-credit:${player.id}:${currency}`, from: { system: 'promotions' }, to: { playerId: player.id, kind: currency === 'GC' ? 'player_balance' : 'player_unplayed' }, currency, amount, reason: 'promotion' });
    }
    return { cookie, id: player.id };
  }

  async function launch(p: Player, slug: string): Promise<{ session: string; url: string; currency: string; bets: { min: number; max: number; divisor: number } }> {
    const res = await t.app.inject({ method: 'GET', url: `/rest/game/${id(slug)}/play/`, headers: { cookie: p.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  }

  function spinReq(p: Player, slug: string, body: Record<string, unknown>): Promise<LightMyRequestResponse> {
    return t.app.inject({ method: 'POST', url: `/rest/game/${id(slug)}/spin/`, headers: { cookie: p.cookie }, payload: body });
  }

  async function gc(p: Player): Promise<number> {
    return (await getPlayerBalance(t.database.db, p.id)).tourPoints;
  }

  it('launch answers the game client URL of a session in the game mode\'s currency; guests and unknown games get clear errors', async () => {
    const p = await newPlayer();
    const a = await launch(p, 'reef-raiders');
    expect(a.url).toBe(`/games/reef-raiders/play?session=${encodeURIComponent(a.session)}`);
    expect(a.currency).toBe('GC');
    const again = await t.app.inject({ method: 'GET', url: `/rest/game/${id('reef-raiders')}/`, headers: { cookie: p.cookie } });
    expect(again.json().data.session).toBe(a.session);
    const guest = await t.app.inject({ method: 'GET', url: `/rest/game/${id('reef-raiders')}/play/` });
    expect(guest.statusCode).toBe(401);
    expect(guest.json().error.code).toBe('AUTH_REQUIRED');
    const unknown = await t.app.inject({ method: 'GET', url: '/rest/game/999999/play/', headers: { cookie: p.cookie } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('GAME_NOT_FOUND');
    const money = await t.app.inject({ method: 'GET', url: `/rest/game/${id('reef-raiders')}/play/?isMoney=true`, headers: { cookie: p.cookie } });
    expect(money.json().error.code).toBe('GAME_MODE_MISMATCH');
    await t.app.inject({ method: 'GET', url: '/rest/player/game-mode/switch-to-sweep-stakes/', headers: { cookie: p.cookie } });
    const fc = await launch(p, 'reef-raiders');
    expect(fc.currency).toBe('FC');
    expect(fc.session).not.toBe(a.session);
    // The GC session is now in the wrong mode: a spin on it is refused and moves nothing.
    const stale = await spinReq(p, 'reef-raiders', { session: a.session, bet: 100, idempotencyKey: key() });
    expect(stale.json().error.code).toBe('GAME_MODE_MISMATCH');
    await expectLedgerBalanced(t.database.db);
  });

  it('a spin moves bet and win in the ledger with the round, and a retry never pays twice', async () => {
    const p = await newPlayer();
    const { session } = await launch(p, 'cherry-hearth-classic');
    const before = await gc(p);
    const k = key();
    const first = await spinReq(p, 'cherry-hearth-classic', { session, bet: 100, idempotencyKey: k });
    expect(first.statusCode, first.body).toBe(200);
    const round = ZSpinResponse.parse(first.json()).data;
    expect(round.replayed).toBe(false);
    expect(round.stake).toBe(100);
    expect(round.balance).toBe(before - 100 + round.win);
    expect(await gc(p)).toBe(before - 100 + round.win);
    for (let i = 0; i < 3; i++) {
      const retry = await spinReq(p, 'cherry-hearth-classic', { session, bet: 100, idempotencyKey: k });
      expect(retry.statusCode).toBe(200);
      expect(retry.json().data).toMatchObject({ roundId: round.roundId, win: round.win, replayed: true });
    }
    expect(await gc(p)).toBe(before - 100 + round.win);
    const conflict = await spinReq(p, 'cherry-hearth-classic', { session, bet: 200, idempotencyKey: k });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().error.code).toBe('GAME_ROUND_KEY_CONFLICT');
    const events = await t.database.db.selectFrom('domain_events').select(['type', 'payload_json']).where('player_id', '=', p.id).where('type', 'like', 'game.%').execute();
    expect(events.filter((e) => e.type === 'game.round-played')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'game.round-won')).toHaveLength(round.win > 0 ? 1 : 0);
    await expectLedgerBalanced(t.database.db);
  });

  it('refuses bad input with clear errors and moves nothing', async () => {
    const p = await newPlayer();
    const other = await newPlayer();
    const { session } = await launch(p, 'comet-courier');
    const { session: otherSession } = await launch(other, 'comet-courier');
    const before = await gc(p);
    const cases: [Record<string, unknown>, number, string, string?][] = [
      [{ session, bet: -100, idempotencyKey: key() }, 400, 'VALIDATION_FAILED'],
      [{ session, bet: 100.5, idempotencyKey: key() }, 400, 'VALIDATION_FAILED'],
      [{ session, bet: 0, idempotencyKey: key() }, 400, 'VALIDATION_FAILED'],
      [{ session, bet: '100', idempotencyKey: key() }, 400, 'VALIDATION_FAILED'],
      [{ session, bet: 100, idempotencyKey: 'short' }, 400, 'VALIDATION_FAILED'],
      [{ session, bet: 100, idempotencyKey: key(), extra: 1 }, 400, 'VALIDATION_FAILED'],
      [{ session, bet: 150, idempotencyKey: key() }, 422, 'GAME_BET_INVALID'],
      [{ session, bet: 100_100, idempotencyKey: key() }, 422, 'GAME_BET_OVER_MAX'],
      [{ session, bet: 20_000, idempotencyKey: key() }, 422, 'WALLET_INSUFFICIENT_FUNDS'],
      [{ session, bet: 100, idempotencyKey: key(), buy: true }, 422, 'GAME_BONUS_BUY_UNAVAILABLE'],
      [{ session: otherSession, bet: 100, idempotencyKey: key() }, 403, 'GAME_SESSION_FORBIDDEN'],
      [{ session: 'no-such-session', bet: 100, idempotencyKey: key() }, 404, 'GAME_SESSION_NOT_FOUND'],
    ];
    for (const [body, status, code] of cases) {
      const res = await spinReq(p, 'comet-courier', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().error.code, JSON.stringify(body)).toBe(code);
    }
    const wrongGame = await spinReq(p, 'emerald-vault', { session, bet: 100, idempotencyKey: key() });
    expect(wrongGame.json().error.code).toBe('GAME_SESSION_NOT_FOUND');
    const unknownGame = await t.app.inject({ method: 'POST', url: '/rest/game/999999/spin/', headers: { cookie: p.cookie }, payload: { session, bet: 100, idempotencyKey: key() } });
    expect(unknownGame.json().error.code).toBe('GAME_NOT_FOUND');
    const guest = await t.app.inject({ method: 'POST', url: `/rest/game/${id('comet-courier')}/spin/`, payload: { session, bet: 100, idempotencyKey: key() } });
    expect(guest.statusCode).toBe(401);
    // A closed session and a self-excluded account.
    const close = await t.app.inject({ method: 'POST', url: `/rest/game-session/${encodeURIComponent(session)}/close/`, headers: { cookie: p.cookie }, payload: {} });
    expect(close.statusCode).toBe(200);
    const closed = await spinReq(p, 'comet-courier', { session, bet: 100, idempotencyKey: key() });
    expect(closed.json().error.code).toBe('GAME_SESSION_CLOSED');
    const { session: reopened } = await launch(p, 'comet-courier');
    await t.database.db.updateTable('players').set({ account_status: 'SELF_EXCLUDED' }).where('id', '=', p.id).execute();
    const excluded = await spinReq(p, 'comet-courier', { session: reopened, bet: 100, idempotencyKey: key() });
    expect(excluded.statusCode).toBe(403);
    expect(excluded.json().error.code).toBe('GAME_PLAY_SELF_EXCLUDED');
    expect(await gc(p)).toBe(before);
    expect(await t.database.db.selectFrom('game_rounds').select('id').where('player_id', '=', p.id).execute()).toHaveLength(0);
    const seed = await t.database.db.selectFrom('fairness_seeds').select('next_nonce').where('player_id', '=', p.id).where('status', '=', 'active').executeTakeFirstOrThrow();
    expect(Number(seed.next_nonce)).toBe(0);
    await expectLedgerBalanced(t.database.db);
  });

  it('100 parallel spins on one account end with the exact balance of the recorded rounds', async () => {
    const p = await newPlayer({ GC: 1_000_000 });
    const { session } = await launch(p, 'golden-koi-link');
    const before = await gc(p);
    const poolBefore = await getAccountBalance(t.database.db, { system: 'jackpots' }, 'GC');
    const keys = Array.from({ length: 100 }, () => key('par'));
    // Every request twice at once: retries racing their first attempt must not pay twice.
    const responses = await Promise.all([...keys, ...keys].map((k) => spinReq(p, 'golden-koi-link', { session, bet: 1000, idempotencyKey: k })));
    for (const res of responses) expect(res.statusCode, res.body).toBe(200);
    const rounds = await t.database.db.selectFrom('game_rounds').selectAll().where('player_id', '=', p.id).execute();
    expect(rounds).toHaveLength(100);
    const staked = rounds.reduce((s, r) => s + Number(r.stake), 0);
    const won = rounds.reduce((s, r) => s + Number(r.win), 0);
    const contributed = rounds.reduce((s, r) => s + Number(r.jackpot_contribution), 0);
    expect(await gc(p)).toBe(before - staked + won);
    expect(new Set(rounds.map((r) => Number(r.nonce))).size).toBe(100);
    // The pool grew by exactly the contributions (no Grand in these rounds unless recorded).
    const grands = rounds.reduce((s, r) => s + Number(r.jackpot_win), 0);
    if (grands === 0) expect(await getAccountBalance(t.database.db, { system: 'jackpots' }, 'GC')).toBe(poolBefore + contributed);
    expect(contributed).toBeGreaterThan(0);
    await expectLedgerBalanced(t.database.db);
  }, 60_000);

  it('bonus buy enters free spins that continue on the session until they end', async () => {
    const p = await newPlayer({ GC: 500_000 });
    const { session } = await launch(p, 'reef-raiders');
    const before = await gc(p);
    const bought = await spinReq(p, 'reef-raiders', { session, bet: 100, idempotencyKey: key(), buy: true });
    expect(bought.statusCode, bought.body).toBe(200);
    const buy = bought.json().data;
    expect(buy.outcome.bought).toBe(true);
    expect(buy.stake).toBe(2240);
    expect(buy.feature).toMatchObject({ kind: 'freeSpins', bet: 100 });
    const inFeature = await spinReq(p, 'reef-raiders', { session, bet: 100, idempotencyKey: key(), buy: true });
    expect(inFeature.json().error.code).toBe('GAME_FEATURE_IN_PROGRESS');
    const otherBet = await spinReq(p, 'reef-raiders', { session, bet: 200, idempotencyKey: key() });
    expect(otherBet.json().error.code).toBe('GAME_FEATURE_IN_PROGRESS');
    const close = await t.app.inject({ method: 'POST', url: `/rest/game-session/${encodeURIComponent(session)}/close/`, headers: { cookie: p.cookie }, payload: {} });
    expect(close.json().error.code).toBe('GAME_FEATURE_IN_PROGRESS');
    let feature = buy.feature;
    let freeSpins = 0;
    while (feature !== null) {
      const res = await spinReq(p, 'reef-raiders', { session, bet: 100, idempotencyKey: key() });
      expect(res.statusCode, res.body).toBe(200);
      const step = res.json().data;
      expect(step.outcome.step).toBe('freeSpin');
      ZSpinResponse.parse(res.json());
      expect(step.stake).toBe(0);
      feature = step.feature;
      freeSpins += 1;
      expect(freeSpins).toBeLessThan(500);
    }
    expect(freeSpins).toBeGreaterThanOrEqual(buy.outcome.features.freeSpinsAwarded);
    const rounds = await t.database.db.selectFrom('game_rounds').select(['stake', 'win']).where('player_id', '=', p.id).execute();
    expect(await gc(p)).toBe(before - rounds.reduce((s, r) => s + Number(r.stake), 0) + rounds.reduce((s, r) => s + Number(r.win), 0));
    // Back to idle: a paid spin again.
    const paid = await spinReq(p, 'reef-raiders', { session, bet: 100, idempotencyKey: key() });
    expect(paid.json().data.stake).toBe(100);
    const history = await t.app.inject({ method: 'GET', url: `/rest/game/${id('reef-raiders')}/rounds/?limit=5`, headers: { cookie: p.cookie } });
    expect(history.statusCode).toBe(200);
    expect(ZRoundsResponse.parse(history.json()).data.rounds).toHaveLength(5);
    expect(history.json().data.rounds[0].roundId).toBe(paid.json().data.roundId);
    expect(history.json().data.nextCursor).not.toBeNull();
    await expectLedgerBalanced(t.database.db);
  }, 60_000);

  it('plays in Fortune Coins in SweepStakes mode: unplayed first, wins redeemable', async () => {
    const p = await newPlayer({ FC: 10_000 });
    await t.app.inject({ method: 'GET', url: '/rest/player/game-mode/switch-to-sweep-stakes/', headers: { cookie: p.cookie } });
    const { session, currency } = await launch(p, 'nebula-drift');
    expect(currency).toBe('FC');
    const before = await getPlayerBalance(t.database.db, p.id);
    let staked = 0;
    let won = 0;
    for (let i = 0; i < 10; i++) {
      const res = await spinReq(p, 'nebula-drift', { session, bet: 100, idempotencyKey: key() });
      expect(res.statusCode, res.body).toBe(200);
      staked += res.json().data.stake;
      won += res.json().data.win;
    }
    const after = await getPlayerBalance(t.database.db, p.id);
    expect(after.entries).toBe(before.entries - staked + won);
    expect(after.winnings).toBe(won);
    // No Gold Coin moved by play: the rounds staked and paid in Fortune Coins only. (The Gold Coin
    // balance itself may grow meanwhile: Fortune Coin play earns league experience, and a section's
    // reward lands after the commit, whenever the outbox delivers it.)
    const gcAccounts = t.database.db.selectFrom('ledger_accounts').select('id').where('owner_player_id', '=', p.id).where('currency', '=', 'GC');
    const gcPlay = await t.database.db
      .selectFrom('ledger_transfers')
      .select('id')
      .where('currency', '=', 'GC')
      .where('reason', 'in', ['game_bet', 'game_win'])
      .where((eb) => eb.or([eb('debit_account_id', 'in', gcAccounts), eb('credit_account_id', 'in', gcAccounts)]))
      .execute();
    expect(gcPlay).toEqual([]);
    expect(after.tourPoints).toBeGreaterThanOrEqual(before.tourPoints);
    await expectLedgerBalanced(t.database.db);
  });

  it('fairness: a recorded round verifies from its revealed seed', async () => {
    const p = await newPlayer();
    const setSeed = await t.app.inject({ method: 'POST', url: '/rest/fairness/client-seed/', headers: { cookie: p.cookie }, payload: { clientSeed: 'my-lucky-seed' } });
    expect(setSeed.statusCode, setSeed.body).toBe(200);
    const seeds = (await t.app.inject({ method: 'GET', url: '/rest/fairness/seeds/', headers: { cookie: p.cookie } })).json().data;
    expect(seeds).toMatchObject({ clientSeed: 'my-lucky-seed', nonce: 0 });
    const { session } = await launch(p, 'wolf-moon-ways');
    const spun = (await spinReq(p, 'wolf-moon-ways', { session, bet: 100, idempotencyKey: key() })).json().data;
    expect(spun.fairness).toEqual({ serverSeedHash: seeds.serverSeedHash, clientSeed: 'my-lucky-seed', nonce: 0 });
    const hidden = (await t.app.inject({ method: 'GET', url: `/rest/fairness/rounds/${spun.roundId}/`, headers: { cookie: p.cookie } })).json().data;
    expect(hidden.serverSeed).toBeNull();
    const rotated = (await t.app.inject({ method: 'POST', url: '/rest/fairness/rotate/', headers: { cookie: p.cookie }, payload: {} })).json().data;
    expect(rotated.revealed).toMatchObject({ serverSeedHash: seeds.serverSeedHash, clientSeed: 'my-lucky-seed', lastNonce: 0 });
    expect(rotated.current.serverSeedHash).not.toBe(seeds.serverSeedHash);
    const r = (await t.app.inject({ method: 'GET', url: `/rest/fairness/rounds/${spun.roundId}/`, headers: { cookie: p.cookie } })).json().data;
    expect(r.serverSeed).toBe(rotated.revealed.serverSeed);
    const verdict = verifyStep(r.gameSlug, { serverSeed: r.serverSeed, clientSeed: r.clientSeed, nonce: r.nonce }, r.serverSeedHash, r.request, r.stateBefore, r.outcome);
    expect(verdict).toMatchObject({ commitmentMatches: true, outcomeMatches: true });
    const tampered = verifyStep(r.gameSlug, { serverSeed: r.serverSeed, clientSeed: 'other', nonce: r.nonce }, r.serverSeedHash, r.request, r.stateBefore, { ...r.outcome, grid: [['X']] });
    expect(tampered.outcomeMatches).toBe(false);
    const other = await newPlayer();
    const foreign = await t.app.inject({ method: 'GET', url: `/rest/fairness/rounds/${spun.roundId}/`, headers: { cookie: other.cookie } });
    expect(foreign.statusCode).toBe(404);
    const badSeed = await t.app.inject({ method: 'POST', url: '/rest/fairness/client-seed/', headers: { cookie: p.cookie }, payload: { clientSeed: 'has space' } });
    expect(badSeed.statusCode).toBe(400);
  });
});
