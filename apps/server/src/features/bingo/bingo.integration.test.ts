import { ZBingoAccrueRewardResponse, type BingoRoundAnswer } from '@sweepstack/contracts/bingo/accrue-reward';
import { ZBingoGameDataResponse, type BingoGameData } from '@sweepstack/contracts/bingo/game-data';
import { ZBingoStatusResponse, type BingoStatus } from '@sweepstack/contracts/bingo/status';
import { GameRoundPlayed } from '@sweepstack/contracts/games/events';
import type { DialectName } from '@sweepstack/db/connection';
import { recordEvents } from '@sweepstack/db/repositories/domain-events';
import { getPlayerBalance } from '@sweepstack/db/repositories/ledger/balances';
import { findPlayerByUuid } from '@sweepstack/db/repositories/players';
import { dealCard } from '@sweepstack/domain/bingo/bingo-rules';
import { prizeCoins } from '@sweepstack/domain/rewards/prize';
import { HmacRandomSource } from '@sweepstack/games/fairness/hmac-random';
import { commitServerSeed } from '@sweepstack/games/fairness/seeds';
import { expectLedgerBalanced } from '@sweepstack/testkit/ledger-invariants';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { nativeHmacSha256 } from '../../games/play';
import { OPERATOR_ENV, operatorCookie } from '../../kyc/testing';
import { ManualClock, signUpViaApi } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';

const HANDLER = 'bingo:game.round-played:earnBingoBalls';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let rounds = 7_000_000;
let keys = 0;
const requestKey = () => `bingo-test-${++keys}-${Date.now()}`;

interface Player {
  cookie: string;
  id: number;
}

describe.each(dialectsUnderTest())('bingo on %s (sws: the bingo store)', (dialect: DialectName) => {
  const clock = new ManualClock(Date.parse('2026-11-26T17:00:00Z'));
  // Node A runs first; node B takes over the same database when A restarts.
  let first: TestApp;
  let node: TestApp;
  let players = 0;
  const db = () => node.database.db;
  const app = () => node.app;

  const signUp = async (): Promise<Player> => {
    const { cookie, uuid } = await signUpViaApi(app(), `bingo${++players}.${dialect}@example.com`);
    return { cookie, id: (await findPlayerByUuid(db(), uuid))!.id };
  };
  const get = async <T>(player: Player, url: string, schema: { parse(v: unknown): { data: T } }): Promise<T> => {
    const res = await app().inject({ method: 'GET', url, headers: { cookie: player.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return schema.parse(res.json()).data;
  };
  const status = (player: Player) => get<BingoStatus>(player, '/rest/bingo/check-player-status/', ZBingoStatusResponse);
  const gameData = (player: Player) => get<BingoGameData>(player, '/rest/bingo/bingo-game-data/', ZBingoGameDataResponse);
  const playRaw = (player: Player, key = requestKey()) => app().inject({ method: 'POST', url: '/rest/bingo/bingo-accrue-reward/', headers: { cookie: player.cookie }, payload: { requestKey: key } });
  const play = async (player: Player, key?: string): Promise<BingoRoundAnswer> => {
    const res = await playRaw(player, key);
    expect(res.statusCode, res.body).toBe(200);
    return ZBingoAccrueRewardResponse.parse(res.json()).data;
  };
  /** Rounds as the games record them (the real outbox and handler); waits until bingo handled each. */
  const spin = async (player: Player, stakes: number[], extra: { currency?: 'GC' | 'FC'; bought?: boolean } = {}) => {
    const events = stakes.map((stake) => ({ type: GameRoundPlayed.name, playerId: player.id, payload: { roundId: ++rounds, gameId: 1, currency: extra.currency ?? 'GC', bet: stake, stake, win: 0, step: 'base', bought: extra.bought ?? false, jackpotWin: 0 } }));
    const ids = await db().transaction().execute((trx) => recordEvents(trx, events, { clock }));
    for (let i = 0; i < 400; i++) {
      const done = await db().selectFrom('domain_event_receipts').select('event_id').where('handler', '=', HANDLER).where('event_id', 'in', ids).execute();
      if (done.length === ids.length) return;
      await sleep(25);
    }
    throw new Error('the bingo handler did not run');
  };
  const operator = async (url: string, payload: Record<string, unknown>) => {
    const cookie = await operatorCookie(app(), OPERATOR_ENV.OPERATOR_BOOTSTRAP_EMAIL, OPERATOR_ENV.OPERATOR_BOOTSTRAP_PASSWORD);
    return app().inject({ method: 'PUT', url: `/api/operator/bingo${url}`, headers: { cookie }, payload });
  };

  beforeAll(async () => {
    first = await createTestApp(dialect, { seed: true, clock, env: { THEME: 'sws', ...OPERATOR_ENV } });
    node = first;
  }, 60_000);
  afterAll(async () => {
    if (node === first) return first?.close();
    await node.close();
    await first.database.destroy();
  });
  afterEach(async () => {
    await expectLedgerBalanced(db());
  });

  it('plays a card through ten-ball rounds with a server restart in the middle: balls, card and prizes survive, each line pays once, the seed verifies', async () => {
    expect((await operator('/rules/', { stakePerBall: 10 })).statusCode).toBe(200);
    const init = (await app().inject({ method: 'GET', url: '/rest/app/init/' })).json() as { data: { bingo: { isActive: boolean } } };
    expect(init.data.bingo.isActive).toBe(true);
    const player = await signUp();
    expect(await status(player)).toMatchObject({ isActive: true, availablePoint: 0, nextBallProgress: 0, ballsToPlay: 10, canPlay: false, showProgress: false });
    const card = (await gameData(player)).card;
    expect(card).toMatchObject({ drawnBalls: [], lines: [], finished: false, serverSeed: null });
    expect(card.numbers[12]).toBe(0);

    // 54 GC staked: 5 balls and 40% toward the next; FC rounds and bonus buys earn nothing.
    await spin(player, [20, 20, 14]);
    await spin(player, [100], { currency: 'FC' });
    await spin(player, [100], { bought: true });
    expect(await status(player)).toMatchObject({ availablePoint: 5, nextBallProgress: 40, canPlay: false, showProgress: true });
    const pushes = await db().selectFrom('domain_events').select('push_json').where('player_id', '=', player.id).where('type', '=', 'bingo.progressed').orderBy('id').execute();
    expect(pushes.map((p) => JSON.parse(p.push_json!).action)).toEqual(['show']);
    const early = await playRaw(player);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('BINGO_NOT_ENOUGH_BALLS');

    // The server restarts: node B takes the same database, node A goes away.
    node = await createTestApp(dialect, { clock, env: { THEME: 'sws', ...OPERATOR_ENV }, secondNodeOf: first.database });
    await first.app.close();
    expect(await status(player)).toMatchObject({ availablePoint: 5, nextBallProgress: 40 });
    await spin(player, [6]);
    expect(await status(player)).toMatchObject({ availablePoint: 6, nextBallProgress: 0 });
    await spin(player, [40]);
    expect(await status(player)).toMatchObject({ availablePoint: 10, canPlay: true });

    const before = await getPlayerBalance(db(), player.id);
    const key = requestKey();
    const round = await play(player, key);
    expect(round.replayed).toBe(false);
    expect(round.balls).toHaveLength(10);
    expect(round.card.drawnBalls).toEqual(round.balls);
    expect(round.status.availablePoint).toBe(0);
    // The same key answers the same round and spends nothing.
    const again = await play(player, key);
    expect(again).toMatchObject({ replayed: true, balls: round.balls });
    expect((await status(player)).availablePoint).toBe(0);

    // Play the card to its end: every cell marked (at most 75 balls, eight rounds; the last may draw fewer than ten).
    await spin(player, [700]);
    const answers = [round];
    while (!answers.at(-1)!.card.finished) answers.push(await play(player));
    const last = answers.at(-1)!;
    expect(answers.length).toBeLessThanOrEqual(8);
    expect(last.card).toMatchObject({ finished: true, fullCard: true });
    expect(last.card.lines).toHaveLength(12);
    const drawnCount = last.card.drawnBalls.length;
    // Balls spent are the balls drawn: 80 earned in all.
    expect(last.status.availablePoint).toBe(80 - drawnCount);
    const finished = await playRaw(player);
    expect(finished.json().error.code).toBe('BINGO_CARD_FINISHED');

    // Each of the 12 lines and the full card paid exactly once, through the rewards engine.
    const rewards = answers.flatMap((a) => a.rewards);
    expect(rewards.filter((r) => r.kind === 'line').map((r) => r.line).sort((a, b) => a! - b!)).toEqual(Array.from({ length: 12 }, (_, i) => i));
    expect(rewards.filter((r) => r.kind === 'full')).toHaveLength(1);
    const paid = rewards.reduce((sum, r) => ({ gc: sum.gc + prizeCoins(r.prize).gc, fc: sum.fc + prizeCoins(r.prize).fcCents }), { gc: 0, fc: 0 });
    const draws = await db().selectFrom('reward_draws').select(['id', 'idempotency_key']).where('player_id', '=', player.id).where('feature', '=', 'bingo').execute();
    expect(draws).toHaveLength(13);
    // The ledger paid exactly these prizes (other features may pay their own for the same rounds beside them).
    const credits = await db().selectFrom('ledger_transfers').select(['amount', 'currency']).where('idempotency_key', 'in', draws.flatMap((d) => [`reward-draw:${d.id}:GC`, `reward-draw:${d.id}:FC`])).execute();
    expect(credits.filter((c) => c.currency === 'GC').reduce((sum, c) => sum + Number(c.amount), 0)).toBe(paid.gc);
    expect(credits.filter((c) => c.currency === 'FC').reduce((sum, c) => sum + Number(c.amount), 0)).toBe(paid.fc);
    const after = await getPlayerBalance(db(), player.id);
    expect(after.coins - before.coins).toBeGreaterThanOrEqual(paid.gc);

    // The finished card reveals its seed: the numbers and the ball order recompute from it.
    const revealed = last.card;
    expect(revealed.serverSeed).not.toBeNull();
    expect(commitServerSeed(revealed.serverSeed!)).toBe(card.serverSeedHash);
    const dealt = dealCard(new HmacRandomSource({ serverSeed: revealed.serverSeed!, clientSeed: revealed.clientSeed, nonce: 0 }, nativeHmacSha256));
    expect(dealt.numbers).toEqual(card.numbers);
    expect(dealt.order.slice(0, drawnCount)).toEqual(revealed.drawnBalls);

    // The next period deals a new card; balls earned meanwhile carry over.
    clock.advance(8 * 86_400_000);
    const next = (await gameData(player)).card;
    expect(next.period).toBe(card.period + 1);
    expect(next.drawnBalls).toEqual([]);
  }, 120_000);

  it('refuses guests, bad input and blocked accounts with clear codes, and moves nothing', async () => {
    const guest = await app().inject({ method: 'POST', url: '/rest/bingo/bingo-accrue-reward/', payload: { requestKey: requestKey() } });
    expect(guest.statusCode).toBe(401);
    expect((await app().inject({ method: 'GET', url: '/rest/bingo/check-player-status/' })).statusCode).toBe(401);
    const player = await signUp();
    for (const payload of [{}, { requestKey: 'x' }, { requestKey: requestKey(), extra: 1 }]) {
      const res = await app().inject({ method: 'POST', url: '/rest/bingo/bingo-accrue-reward/', headers: { cookie: player.cookie }, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    await spin(player, [100]);
    await db().updateTable('players').set({ account_status: 'SELF_EXCLUDED' }).where('id', '=', player.id).execute();
    const blocked = await playRaw(player);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.code).toBe('BINGO_NOT_ALLOWED');
    expect((await db().selectFrom('bingo_players').select('balls').where('player_id', '=', player.id).executeTakeFirstOrThrow()).balls).toBe(10);
    expect((await operator('/rules/', { periodDays: 0 })).json().error.code).toBe('VALIDATION_FAILED');
    expect((await operator('/tables/bingo-line/', { fallbackSegment: 0, segments: [{ weight: 1, prize: { kind: 'multiplier', factor: 2 } }] })).json().error.code).toBe('VALIDATION_FAILED');
    expect((await operator('/tables/nope/', { fallbackSegment: 0, segments: [{ weight: 1, prize: { kind: 'nothing' } }] })).json().error.code).toBe('VALIDATION_FAILED');
  });
});

describe.each(dialectsUnderTest())('bingo on %s (nlc: no bingo store)', (dialect: DialectName) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: true, env: { THEME: 'nlc' } });
  }, 60_000);
  afterAll(() => t?.close());

  it('is off where the theme has no bingo store: app init says so and a round is refused', async () => {
    const init = (await t.app.inject({ method: 'GET', url: '/rest/app/init/' })).json() as { data: { bingo: { isActive: boolean } } };
    expect(init.data.bingo.isActive).toBe(false);
    const { cookie } = await signUpViaApi(t.app, `bingo-nlc.${dialect}@example.com`);
    const res = await t.app.inject({ method: 'POST', url: '/rest/bingo/bingo-accrue-reward/', headers: { cookie }, payload: { requestKey: requestKey() } });
    expect(res.json().error.code).toBe('BINGO_NOT_ACTIVE');
  });
});
