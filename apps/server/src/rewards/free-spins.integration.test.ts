import { ZFreeSpinsResponse } from '@sweepstack/contracts/rewards/prize';
import { ZSpinResponse } from '@sweepstack/contracts/games/play';
import { rewardNotices } from '@sweepstack/db/rewards/repository';
import { findPlayerByUuid } from '@sweepstack/db/repositories/players';
import { getPlayerBalance } from '@sweepstack/db/repositories/ledger/balances';
import { expectLedgerBalanced } from '@sweepstack/testkit/ledger-invariants';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpViaApi } from '../testing/auth-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { creditPlayer } from './credit-player';

let now = 1_900_000_000_000;
const clock = { nowMs: () => now };
let counter = 0;
const key = () => `fs-key-${String((counter += 1)).padStart(6, '0')}`;

describe.each(dialectsUnderTest())('free spins on %s', (dialect) => {
  let t: TestApp;
  let gameId: number;
  let otherGameId: number;
  beforeAll(async () => {
    // Jobs run only when the test says (runDue): a background pass could hold the expiry job while it runs other features' jobs.
    t = await createTestApp(dialect, { seed: true, clock, env: { JOBS_RUNNER: 'false' } });
    // The expiry schedule starts now (as a running node would have it): later runs are its occurrences.
    await t.app.jobs.runner.runDue({ kinds: ['rewards.expire-free-spins'] });
    const games = await t.database.db.selectFrom('games').select(['id', 'slug']).orderBy('id').execute();
    gameId = Number(games.find((g) => g.slug === 'lucky-lantern-classic')!.id);
    otherGameId = Number(games.find((g) => g.slug !== 'lucky-lantern-classic')!.id);
  }, 60_000);
  afterAll(async () => {
    await expectLedgerBalanced(t.database.db);
    await t.close();
  });

  async function playerWithSpins(email: string, count: number) {
    const { cookie, uuid } = await signUpViaApi(t.app, email);
    const playerId = (await findPlayerByUuid(t.database.db, uuid))!.id;
    await t.database.db.transaction().execute((trx) => creditPlayer(trx, { playerId, feature: 'test', prize: { kind: 'free_spins', gameId, count, betLevel: 2, lifetimeMs: 3_600_000, currency: 'GC' }, idempotencyKey: `test-grant:${playerId}` }, { clock }));
    // A new player plays in Gold Coins (TournamentPoints mode), the grant's currency.
    const launched = await t.app.inject({ method: 'GET', url: `/rest/game/${gameId}/play/`, headers: { cookie } });
    expect(launched.statusCode, launched.body).toBe(200);
    const list = ZFreeSpinsResponse.parse((await t.app.inject({ method: 'GET', url: `/rest/free-spins/?gameId=${gameId}`, headers: { cookie } })).json()).data.freeSpins;
    return { cookie, playerId, session: launched.json().data.session as string, grant: list[0]! };
  }

  const spin = (cookie: string, id: number, body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `/rest/game/${id}/spin/`, headers: { cookie }, payload: { idempotencyKey: key(), ...body } });

  it('plays a grant at its bet with no stake taken, counting down with a push, then refuses', async () => {
    const p = await playerWithSpins(`fs-a-${dialect}@rewards.test`, 3);
    expect(p.grant).toMatchObject({ gameId, spinsRemain: 3, spinsTotal: 3, betLevel: 2, currency: 'GC', endDate: new Date(now + 3_600_000).toISOString() });
    const before = await getPlayerBalance(t.database.db, p.playerId);
    let won = 0;
    for (const left of [2, 1, 0]) {
      const res = await spin(p.cookie, gameId, { session: p.session, bet: p.grant.bet, freeSpinsId: p.grant.spinsId });
      expect(res.statusCode, res.body).toBe(200);
      const round = ZSpinResponse.parse(res.json()).data;
      expect(round.stake).toBe(0);
      expect(round.freeSpinsRemain).toBe(left);
      won += round.win;
    }
    const after = await getPlayerBalance(t.database.db, p.playerId);
    expect(after.tourPoints).toBe(before.tourPoints + won);
    const refused = await spin(p.cookie, gameId, { session: p.session, bet: p.grant.bet, freeSpinsId: p.grant.spinsId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('FREE_SPINS_NOT_AVAILABLE');
    const pushes = await t.database.db.selectFrom('domain_events').select('push_json').where('player_id', '=', p.playerId).where('type', '=', 'rewards.free-spins-played').execute();
    expect(pushes.map((e) => JSON.parse(e.push_json!).data.spinsRemain)).toEqual([2, 1, 0]);
    expect(ZFreeSpinsResponse.parse((await t.app.inject({ method: 'GET', url: '/rest/free-spins/', headers: { cookie: p.cookie } })).json()).data.freeSpins).toEqual([]);
  });

  it('refuses another bet, another game, another player, and never plays more spins than the grant has', async () => {
    const p = await playerWithSpins(`fs-b-${dialect}@rewards.test`, 2);
    const q = await playerWithSpins(`fs-c-${dialect}@rewards.test`, 1);
    const wrongBet = await spin(p.cookie, gameId, { session: p.session, bet: p.grant.bet * 2, freeSpinsId: p.grant.spinsId });
    expect(wrongBet.json().error?.code).toBe('FREE_SPINS_NOT_AVAILABLE');
    const otherGame = await t.app.inject({ method: 'GET', url: `/rest/game/${otherGameId}/play/`, headers: { cookie: p.cookie } });
    const wrongGame = await spin(p.cookie, otherGameId, { session: otherGame.json().data.session, bet: p.grant.bet, freeSpinsId: p.grant.spinsId });
    expect(wrongGame.json().error?.code).toBe('FREE_SPINS_NOT_AVAILABLE');
    const notMine = await spin(q.cookie, gameId, { session: q.session, bet: p.grant.bet, freeSpinsId: p.grant.spinsId });
    expect(notMine.json().error?.code).toBe('FREE_SPINS_NOT_AVAILABLE');
    const burst = await Promise.all(Array.from({ length: 5 }, () => spin(p.cookie, gameId, { session: p.session, bet: p.grant.bet, freeSpinsId: p.grant.spinsId })));
    expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(burst.filter((r) => r.json().error?.code === 'FREE_SPINS_NOT_AVAILABLE')).toHaveLength(3);
    const plays = await t.database.db.selectFrom('free_spin_plays').select('round_id').where('grant_id', '=', p.grant.spinsId).execute();
    expect(plays).toHaveLength(2);
  });

  it('an expired grant is gone with a notice and a push', async () => {
    const p = await playerWithSpins(`fs-d-${dialect}@rewards.test`, 4);
    now += 3_600_000;
    const expired = await spin(p.cookie, gameId, { session: p.session, bet: p.grant.bet, freeSpinsId: p.grant.spinsId });
    expect(expired.json().error?.code).toBe('FREE_SPINS_NOT_AVAILABLE');
    now += 10 * 60_000;
    await t.app.jobs.runner.runDue({ kinds: ['rewards.expire-free-spins'] });
    const notices = await rewardNotices(t.database.db, p.playerId);
    expect(notices.map((n) => n.kind)).toContain('free_spins_expired');
    const grant = await t.database.db.selectFrom('free_spin_grants').select('status').where('id', '=', p.grant.spinsId).executeTakeFirstOrThrow();
    expect(grant.status).toBe('expired');
    // The player reads it in their notices, and marks them read.
    const listed = (await t.app.inject({ method: 'GET', url: '/rest/rewards/notices/', headers: { cookie: p.cookie } })).json().data;
    expect(listed.notices[0]).toMatchObject({ kind: 'free_spins_expired', feature: 'test', read: false, prize: { kind: 'free_spins', count: 4 } });
    expect(listed.unread).toBe(1);
    const read = await t.app.inject({ method: 'POST', url: '/rest/rewards/notices/read/', headers: { cookie: p.cookie }, payload: { upToId: listed.notices[0].id } });
    expect(read.json().data.marked).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: '/rest/rewards/notices/', headers: { cookie: p.cookie } })).json().data.unread).toBe(0);
  });
});
