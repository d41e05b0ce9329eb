import { ZRewardOddsResponse, ZFairnessDrawResponse } from '@sweepstack/contracts/rewards/prize';
import { savePrizeTable } from '@sweepstack/db/rewards/repository';
import { findPlayerByUuid } from '@sweepstack/db/repositories/players';
import { getPlayerBalance } from '@sweepstack/db/repositories/ledger';
import { drawSegmentIndex, parsePrizeTable } from '@sweepstack/domain/rewards/prize-table';
import { HmacRandomSource } from '@sweepstack/games/fairness/hmac-random';
import { commitServerSeed } from '@sweepstack/games/fairness/seeds';
import { expectLedgerBalanced } from '@sweepstack/testkit/ledger-invariants';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSeedCandidate } from '../games/play';
import { signUpViaApi } from '../testing/auth-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
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
    t = await createTestApp(dialect, { seed: true });
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
