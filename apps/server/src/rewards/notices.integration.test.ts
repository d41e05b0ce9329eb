import { ZRewardNoticesResponse } from '@sweepstack/contracts/rewards/prize';
import { savePrizeTable } from '@sweepstack/db/rewards/repository';
import { findPlayerByUuid } from '@sweepstack/db/repositories/players';
import { getPlayerBalance } from '@sweepstack/db/repositories/ledger/balances';
import type { Prize } from '@sweepstack/domain/rewards/prize';
import { parsePrizeTable } from '@sweepstack/domain/rewards/prize-table';
import { expectLedgerBalanced } from '@sweepstack/testkit/ledger-invariants';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSeedCandidate } from '../games/play';
import { OPERATOR_ENV, operatorCookie } from '../kyc/testing';
import { signUpViaApi } from '../testing/auth-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { creditPlayer } from './credit-player';
import { drawPrize } from './draw-prize';

/**
 * The notification centre's server side (docs/rewards.md): a notice written with its `rewardNotices`
 * push in one transaction, the `prize_withheld` notice when Fortune Coins are withheld (by a credit and
 * by a draw), and reading them pushing the cleared count.
 */
describe.each(dialectsUnderTest())('reward notices on %s', (dialect) => {
  let t: TestApp;
  const clock = { nowMs: () => 1_800_000_000_000 };
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: true, env: OPERATOR_ENV });
    await t.database.db.insertInto('restricted_states').values({ code: 'WA', name: 'Washington' }).onConflict((oc) => oc.column('code').doNothing()).execute();
    await savePrizeTable(t.database.db, parsePrizeTable({ slug: 'notice-fc-wheel', feature: 'wheel-of-treasure', fallbackSegment: 0, segments: [{ weight: 1, prize: { kind: 'coins', amount: 9, amountCents: 300 } }] }), { nowMs: 1 });
  }, 60_000);
  afterAll(async () => {
    await expectLedgerBalanced(t.database.db);
    await t.close();
  });

  async function player(name: string, state: string | null) {
    const { cookie, uuid } = await signUpViaApi(t.app, `${name}-${dialect}@notices.test`);
    const playerId = Number((await findPlayerByUuid(t.database.db, uuid))!.id);
    if (state) {
      const updated = await t.database.db.updateTable('player_profiles').set({ state }).where('player_id', '=', playerId).executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) {
        await t.database.db
          .insertInto('player_profiles')
          .values({ player_id: playerId, name: null, surname: null, birthday: null, zip: null, city: null, address: null, address2: null, state, phone: null, activity_reminder_minutes: 0, verification_status: null, auto_verification_enabled: 0, auto_verification_available: 0, updated_at_ms: 1 })
          .execute();
      }
    }
    return { cookie, playerId };
  }
  const credit = (playerId: number, prize: Prize, key: string, notify = false) =>
    t.database.db.transaction().execute((trx) => creditPlayer(trx, { playerId, feature: 'seasons', prize, idempotencyKey: `${key}:${playerId}`, notify }, { clock }));
  const notices = async (cookie: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/rest/rewards/notices/', headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return ZRewardNoticesResponse.parse(res.json()).data;
  };
  const pushes = async (playerId: number) =>
    (await t.database.db.selectFrom('domain_events').select(['type', 'push_json']).where('player_id', '=', playerId).where('type', 'in', ['rewards.notice-added', 'rewards.notices-read']).orderBy('id').execute()).map((e) => ({ type: e.type, push: JSON.parse(e.push_json!) }));

  it('withheld Fortune Coins are a prize_withheld notice (credit and draw), once per key, each with a badge push in its transaction', async () => {
    const { cookie, playerId } = await player('withheld', 'wa');
    const before = await getPlayerBalance(t.database.db, playerId);
    expect(await credit(playerId, { kind: 'coins', amount: 500, amountCents: 25 }, 'both')).toEqual({ replayed: false, fortuneCoinsWithheld: true });
    // A retried credit writes no second notice and no second push.
    await credit(playerId, { kind: 'coins', amount: 500, amountCents: 25 }, 'both');
    await credit(playerId, { kind: 'free_spins', gameId: 1, count: 5, betLevel: 1, lifetimeMs: 3_600_000, currency: 'FC' }, 'fc-spins');
    // Gold Coins alone are never withheld: no notice.
    await credit(playerId, { kind: 'gold_coins', amount: 40 }, 'gc');
    const drawn = await t.database.db.transaction().execute((trx) =>
      drawPrize(trx, { playerId, feature: 'wheel-of-treasure', table: 'notice-fc-wheel', idempotencyKey: `notice-wheel:${playerId}`, day: '2027-01-15' }, { clock, freeSpinStake: () => 10, newSeed: () => newSeedCandidate() }),
    );
    expect(drawn.prize).toEqual({ kind: 'gold_coins', amount: 9 });
    // Only the Gold Coins were paid: 500 + 40 + 9.
    const after = await getPlayerBalance(t.database.db, playerId);
    expect([after.coins - before.coins, after.entries - before.entries, after.unplayed - before.unplayed]).toEqual([549, 0, 0]);

    const listed = await notices(cookie);
    expect(listed.unread).toBe(3);
    expect(listed.notices.map((n) => [n.kind, n.feature, n.prize])).toEqual([
      ['prize_withheld', 'wheel-of-treasure', { kind: 'coins', amount: 9, amountCents: 300 }],
      ['prize_withheld', 'seasons', { kind: 'free_spins', gameId: 1, count: 5, betLevel: 1, lifetimeMs: 3_600_000, currency: 'FC' }],
      ['prize_withheld', 'seasons', { kind: 'coins', amount: 500, amountCents: 25 }],
    ]);
    expect(listed.notices[1]!.game).toMatchObject({ title: expect.any(String) });
    expect(await pushes(playerId)).toEqual([1, 2, 3].map((unread) => ({ type: 'rewards.notice-added', push: { type: 'rewardNotices', action: 'added', data: { unread } } })));
  });

  it('a player in an allowed state gets no prize_withheld notice; a notify credit writes prize_credited with its push', async () => {
    const { cookie, playerId } = await player('allowed', 'TX');
    await credit(playerId, { kind: 'coins', amount: 500, amountCents: 25 }, 'both');
    await credit(playerId, { kind: 'fortune_coins', amountCents: 120 }, 'owed', true);
    const listed = await notices(cookie);
    expect(listed.notices.map((n) => n.kind)).toEqual(['prize_credited']);
    expect(await pushes(playerId)).toEqual([{ type: 'rewards.notice-added', push: { type: 'rewardNotices', action: 'added', data: { unread: 1 } } }]);
  });

  it('a transaction that rolls back leaves neither the notice nor its push', async () => {
    const { cookie, playerId } = await player('rollback', 'WA');
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await creditPlayer(trx, { playerId, feature: 'seasons', prize: { kind: 'fortune_coins', amountCents: 300 }, idempotencyKey: `rolled:${playerId}` }, { clock });
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    expect((await notices(cookie)).notices).toEqual([]);
    expect(await pushes(playerId)).toEqual([]);
  });

  it('reading marks notices up to an id and pushes the new count; reading again pushes nothing; bad input is a 400', async () => {
    const { cookie, playerId } = await player('reader', 'WA');
    await credit(playerId, { kind: 'fortune_coins', amountCents: 100 }, 'one');
    await credit(playerId, { kind: 'fortune_coins', amountCents: 200 }, 'two');
    const [newest, older] = (await notices(cookie)).notices;
    const read = await t.app.inject({ method: 'POST', url: '/rest/rewards/notices/read/', headers: { cookie }, payload: { upToId: older!.id } });
    expect(read.json().data).toEqual({ marked: 1 });
    expect((await notices(cookie)).unread).toBe(1);
    await t.app.inject({ method: 'POST', url: '/rest/rewards/notices/read/', headers: { cookie }, payload: { upToId: newest!.id } });
    const again = await t.app.inject({ method: 'POST', url: '/rest/rewards/notices/read/', headers: { cookie }, payload: { upToId: newest!.id } });
    expect(again.json().data).toEqual({ marked: 0 });
    const after = await notices(cookie);
    expect([after.unread, after.notices.every((n) => n.read)]).toEqual([0, true]);
    expect((await pushes(playerId)).map((p) => [p.type, p.push.action, p.push.data.unread])).toEqual([
      ['rewards.notice-added', 'added', 1],
      ['rewards.notice-added', 'added', 2],
      ['rewards.notices-read', 'read', 1],
      ['rewards.notices-read', 'read', 0],
    ]);
    const bad = await t.app.inject({ method: 'POST', url: '/rest/rewards/notices/read/', headers: { cookie }, payload: { upToId: 0 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error?.code ?? bad.json().code).toBeTruthy();
    expect((await t.app.inject({ method: 'POST', url: '/rest/rewards/notices/read/', payload: { upToId: 1 } })).statusCode).toBe(401);
  });

  it("an operator's free-spin grant is a free_spins_granted notice naming the game", async () => {
    const { cookie, playerId } = await player('granted', null);
    const { uuid } = (await t.database.db.selectFrom('players').select('uuid').where('id', '=', playerId).executeTakeFirstOrThrow()) as { uuid: string };
    const admin = await operatorCookie(t.app, OPERATOR_ENV.OPERATOR_BOOTSTRAP_EMAIL, OPERATOR_ENV.OPERATOR_BOOTSTRAP_PASSWORD);
    const game = await t.database.db.selectFrom('games').select(['id', 'title']).orderBy('id').executeTakeFirstOrThrow();
    const res = await t.app.inject({ method: 'POST', url: '/api/operator/rewards/grants/', headers: { cookie: admin }, payload: { playerUuid: uuid, prize: { kind: 'free_spins', gameId: Number(game.id), count: 4, betLevel: 1, lifetimeMs: 3_600_000, currency: 'GC' }, reason: 'goodwill', key: `notice-grant-${dialect}` } });
    expect(res.statusCode, res.body).toBe(200);
    const [notice] = (await notices(cookie)).notices;
    expect(notice).toMatchObject({ kind: 'free_spins_granted', feature: 'operator-grant', game: { title: game.title } });
    expect(await pushes(playerId)).toHaveLength(1);
  });
});
