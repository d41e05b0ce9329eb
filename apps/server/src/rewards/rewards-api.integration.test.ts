import { ZRewardOddsResponse, ZFairnessDrawResponse } from '@sweepstack/contracts/rewards/prize';
import { savePrizeTable } from '@sweepstack/db/rewards/repository';
import { findPlayerByUuid } from '@sweepstack/db/repositories/players';
import { getPlayerBalance } from '@sweepstack/db/repositories/ledger/balances';
import { drawSegmentIndex, parsePrizeTable } from '@sweepstack/domain/rewards/prize-table';
import { HmacRandomSource } from '@sweepstack/games/fairness/hmac-random';
import { commitServerSeed } from '@sweepstack/games/fairness/seeds';
import { expectLedgerBalanced } from '@sweepstack/testkit/ledger-invariants';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSeedCandidate } from '../games/play';
import { signUpViaApi } from '../testing/auth-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { OPERATOR_ENV, operatorCookie } from '../kyc/testing';
import { drawPrize } from './draw-prize';

const table = parsePrizeTable({
  slug: 'api-wheel',
  feature: 'api-feature',
  fallbackSegment: 0,
  segments: [
    { weight: 7, prize: { kind: 'gold_coins', amount: 50 }, label: 'small' },
    { weight: 2, prize: { kind: 'fortune_coins', amountCents: 20 } },
    { weight: 1, prize: { kind: 'nothing' } },
  ],
});

describe.each(dialectsUnderTest())('rewards API on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: true, env: OPERATOR_ENV });
    await savePrizeTable(t.database.db, table, { nowMs: 1 });
  }, 60_000);
  afterAll(async () => {
    await expectLedgerBalanced(t.database.db);
    await t.close();
  });

  it("a handler's context pays through creditPlayer in the handler's transaction, once per key", async () => {
    const { uuid } = await signUpViaApi(t.app, `ctx-${dialect}@rewards.test`);
    const playerId = (await findPlayerByUuid(t.database.db, uuid))!.id;
    const pay = () => t.database.db.transaction().execute((trx) => t.app.realtime.services.contextFor(trx, t.app.log).creditPlayer({ playerId, feature: 'api-feature', prize: { kind: 'gold_coins', amount: 77 }, idempotencyKey: `ctx-credit:${playerId}` }));
    const before = (await getPlayerBalance(t.database.db, playerId)).coins;
    expect((await pay()).replayed).toBe(false);
    expect((await pay()).replayed).toBe(true);
    expect((await getPlayerBalance(t.database.db, playerId)).coins).toBe(before + 77);
  });

  it('an operator grants a player free spins once per key, audited, with a notice; support may only read', async () => {
    const { cookie, uuid } = await signUpViaApi(t.app, `grant-${dialect}@rewards.test`);
    const admin = await operatorCookie(t.app, OPERATOR_ENV.OPERATOR_BOOTSTRAP_EMAIL, OPERATOR_ENV.OPERATOR_BOOTSTRAP_PASSWORD);
    const game = await t.database.db.selectFrom('games').select('id').orderBy('id').executeTakeFirstOrThrow();
    const payload = { playerUuid: uuid, prize: { kind: 'free_spins', gameId: Number(game.id), count: 5, betLevel: 1, lifetimeMs: 3_600_000, currency: 'GC' }, reason: 'sorry for the outage', key: `grant-${dialect}-0001` };
    const first = await t.app.inject({ method: 'POST', url: '/api/operator/rewards/grants/', payload, headers: { cookie: admin } });
    expect(first.statusCode, first.body).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/operator/rewards/grants/', payload, headers: { cookie: admin } });
    expect(again.json().data).toMatchObject({ replayed: true, spinsId: first.json().data.spinsId });
    const spins = (await t.app.inject({ method: 'GET', url: '/rest/free-spins/', headers: { cookie } })).json().data.freeSpins;
    expect(spins).toHaveLength(1);
    expect(spins[0]).toMatchObject({ spinsRemain: 5, spinsTotal: 5 });
    const notices = (await t.app.inject({ method: 'GET', url: '/rest/rewards/notices/', headers: { cookie } })).json().data.notices;
    expect(notices.map((n: { kind: string }) => n.kind)).toEqual(['free_spins_granted']);
    const audit = await t.database.db.selectFrom('operator_audit').select('action').where('action', '=', 'rewards.grant').execute();
    expect(audit).toHaveLength(1);
    const bad = await t.app.inject({ method: 'POST', url: '/api/operator/rewards/grants/', payload: { ...payload, prize: { kind: 'multiplier', factor: 3 }, key: `grant-${dialect}-0002` }, headers: { cookie: admin } });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/operator/rewards/grants/', payload })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/operator/rewards/tables/', headers: { cookie: admin } })).json().data.tables.length).toBeGreaterThan(0);
  });

  it('publishes every table with odds computed from its weights, to guests too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/rest/rewards/odds/?feature=api-feature' });
    expect(res.statusCode, res.body).toBe(200);
    const { tables } = ZRewardOddsResponse.parse(res.json()).data;
    expect(tables.map((x) => x.slug)).toEqual(['api-wheel']);
    expect(tables[0]!.segments.map((s) => s.percent)).toEqual([70, 20, 10]);
    expect(tables[0]!.segments[0]!.label).toBe('small');
    expect((await t.app.inject({ method: 'GET', url: '/rest/rewards/odds/?feature=Bad%20Name' })).statusCode).toBe(400);
  });

  it("verifies a player's draw from the fields /fairness shows, and hides it from anyone else", async () => {
    const a = await signUpViaApi(t.app, `draw-a-${dialect}@rewards.test`);
    const b = await signUpViaApi(t.app, `draw-b-${dialect}@rewards.test`);
    const playerId = (await findPlayerByUuid(t.database.db, a.uuid))!.id;
    const outcome = await t.database.db.transaction().execute((trx) =>
      drawPrize(trx, { playerId, feature: 'api-feature', table: 'api-wheel', idempotencyKey: `api-draw:${playerId}`, day: '2026-11-26' }, { clock: { nowMs: () => Date.now() }, freeSpinStake: () => 1, newSeed: () => newSeedCandidate() }),
    );
    const url = `/rest/fairness/draws/${outcome.draw.id}/`;
    const before = ZFairnessDrawResponse.parse((await t.app.inject({ method: 'GET', url, headers: { cookie: a.cookie } })).json()).data;
    expect(before.serverSeed).toBeNull();
    expect(before.segmentIndex).toBe(outcome.draw.segment_index);
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie: b.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);

    const rotated = await t.app.inject({ method: 'POST', url: '/rest/fairness/rotate/', headers: { cookie: a.cookie, 'content-type': 'application/json' }, payload: {} });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const after = ZFairnessDrawResponse.parse((await t.app.inject({ method: 'GET', url, headers: { cookie: a.cookie } })).json()).data;
    expect(after.serverSeed).not.toBeNull();
    expect(commitServerSeed(after.serverSeed!)).toBe(after.serverSeedHash);
    const replayed = drawSegmentIndex(parsePrizeTable({ ...table, segments: after.table.segments.map((s) => ({ weight: s.weight, prize: s.prize })) }), new HmacRandomSource({ serverSeed: after.serverSeed!, clientSeed: after.clientSeed, nonce: after.nonce }));
    expect(replayed).toEqual({ index: after.segmentIndex, ticket: after.ticket });
    expect(after.prize).toEqual(table.segments[after.segmentIndex]!.prize);
  });
});
