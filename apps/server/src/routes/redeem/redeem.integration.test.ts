import { getPlayerBalance } from '@sweepstack/db/repositories/ledger/balances';
import { expectLedgerBalanced } from '@sweepstack/testkit/ledger-invariants';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fundRedeemable, multipartFile, OPERATOR_ENV, operatorCookie, playerIdOf, sampleDocuments } from '../../kyc/testing';
import { signUpViaApi } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';

const BANK = { accountHolder: 'Ada Lovelace', routingNumber: '021000021', accountNumber: '123456789', accountType: 'checking' };
const GIFT = { brand: 'amazon', email: 'ada@example.com' };

describe.each(dialectsUnderTest())('redeem on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let counter = 0;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: true, env: OPERATOR_ENV });
    admin = await operatorCookie(t.app, OPERATOR_ENV.OPERATOR_BOOTSTRAP_EMAIL, OPERATOR_ENV.OPERATOR_BOOTSTRAP_PASSWORD);
  });
  afterEach(async () => {
    await expectLedgerBalanced(t.database.db);
  });
  afterAll(async () => {
    await t.close();
  });

  const redeem = (cookie: string, body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/rest/cash/redeem/', payload: body, headers: { cookie } });
  const bank = (amount: unknown, key = `key-${(counter += 1)}-bank`) => ({ amount, method: 'bank', details: BANK, idempotencyKey: key });
  const gift = (amount: unknown, key = `key-${(counter += 1)}-gift`) => ({ amount, method: 'gift_card', details: GIFT, idempotencyKey: key });
  const status = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/rest/cash/redeem/', headers: { cookie } })).json().data;
  const sweeps = (cookie: string) => t.app.inject({ method: 'GET', url: '/rest/player/game-mode/switch-to-sweep-stakes/', headers: { cookie } });

  /** A player with `winnings` redeemable cents, verified by an operator approving a document, in SweepStakes mode. */
  async function verifiedPlayer(email: string, winnings: number) {
    const { cookie, uuid } = await signUpViaApi(t.app, email);
    const playerId = await playerIdOf(t.database.db, uuid);
    await fundRedeemable(t.database.db, playerId, winnings);
    const uploaded = await t.app.inject({ method: 'POST', url: '/rest/player/documents/', ...withCookie(multipartFile('id.png', 'image/png', (await sampleDocuments()).png), cookie) });
    const approved = await t.app.inject({ method: 'POST', url: `/api/operator/documents/${uploaded.json().data.id}/approve/`, payload: {}, headers: { cookie: admin } });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await sweeps(cookie)).statusCode).toBe(200);
    return { cookie, playerId };
  }

  function withCookie(file: { payload: Buffer; headers: Record<string, string> }, cookie: string) {
    return { payload: file.payload, headers: { ...file.headers, cookie } };
  }

  async function nothingMoved(playerId: number, winnings: number) {
    expect((await getPlayerBalance(t.database.db, playerId)).winnings).toBe(winnings);
    expect(await t.database.db.selectFrom('redemptions').select('id').where('player_id', '=', playerId).execute()).toEqual([]);
  }

  it('is refused before verification and in Gold Coin mode, then accepted after an operator approves a document', async () => {
    const { cookie, uuid } = await signUpViaApi(t.app, 'redeem-flow@example.com');
    const playerId = await playerIdOf(t.database.db, uuid);
    await fundRedeemable(t.database.db, playerId, 20_000);
    await sweeps(cookie);
    const unverified = await redeem(cookie, bank(10_000));
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().error.code).toBe('REDEEM_NOT_VERIFIED');
    expect(await status(cookie)).toMatchObject({ available: false, refusals: ['REDEEM_NOT_VERIFIED'], redeemable: 20_000, minimums: { bank: 10_000, gift_card: 5_000 } });
    // The unplayed Fortune Coins (the sign-up gift here) and the play-through that unlocks them, as the ledger holds them.
    const unplayed = (await getPlayerBalance(t.database.db, playerId)).unplayed;
    expect(unplayed).toBeGreaterThan(0);
    expect(await status(cookie)).toMatchObject({ unplayed, playthrough: 1 });
    await nothingMoved(playerId, 20_000);

    const uploaded = await t.app.inject({ method: 'POST', url: '/rest/player/documents/', ...withCookie(multipartFile('id.pdf', 'application/pdf', (await sampleDocuments()).pdf), cookie) });
    expect((await t.app.inject({ method: 'POST', url: `/api/operator/documents/${uploaded.json().data.id}/approve/`, payload: {}, headers: { cookie: admin } })).statusCode).toBe(200);

    await t.app.inject({ method: 'GET', url: '/rest/player/game-mode/switch-to-tournament-points/', headers: { cookie } });
    const wrongMode = await redeem(cookie, bank(10_000));
    expect(wrongMode.statusCode).toBe(409);
    expect(wrongMode.json().error.code).toBe('REDEEM_WRONG_MODE');
    await nothingMoved(playerId, 20_000);

    await sweeps(cookie);
    expect(await status(cookie)).toMatchObject({ available: true, refusals: [] });
    const accepted = await redeem(cookie, bank(10_000));
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ success: true, replayed: false, data: { amount: 10_000, method: 'bank', status: 'pending', details: { accountNumber: '••••6789' } } });
    expect((await getPlayerBalance(t.database.db, playerId)).winnings).toBe(10_000);
    const after = await status(cookie);
    expect(after.pending).toHaveLength(1);
    expect(after.redeemable).toBe(10_000);
  });

  it('refuses amounts below the minimum, over the winnings, negative, zero, fractional or not numbers; nothing moves', async () => {
    const { cookie, playerId } = await verifiedPlayer('redeem-bad@example.com', 20_000);
    const cases: [Record<string, unknown>, number, string][] = [
      [bank(9_999), 422, 'REDEEM_BELOW_MINIMUM'],
      [gift(4_999), 422, 'REDEEM_BELOW_MINIMUM'],
      [bank(20_001), 422, 'WALLET_INSUFFICIENT_FUNDS'],
      [bank(-10_000), 400, 'VALIDATION_FAILED'],
      [bank(0), 400, 'VALIDATION_FAILED'],
      [bank(10_000.5), 400, 'VALIDATION_FAILED'],
      [bank('10000'), 400, 'VALIDATION_FAILED'],
      [bank(Number.MAX_SAFE_INTEGER), 400, 'VALIDATION_FAILED'],
      [{ ...bank(10_000), method: 'crypto' }, 400, 'VALIDATION_FAILED'],
      [{ ...bank(10_000), details: { ...BANK, routingNumber: '021000022' } }, 400, 'VALIDATION_FAILED'],
      [{ ...bank(10_000), details: GIFT }, 400, 'VALIDATION_FAILED'],
      [{ ...bank(10_000), idempotencyKey: 'short' }, 400, 'VALIDATION_FAILED'],
      [{ ...bank(10_000), extra: true }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [body, code, error] of cases) {
      const res = await redeem(cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(code);
      expect(res.json().error.code).toBe(error);
    }
    await nothingMoved(playerId, 20_000);
    expect((await t.app.inject({ method: 'POST', url: '/rest/cash/redeem/', payload: bank(10_000) })).statusCode).toBe(401);
  });

  it('answers a retried key with the first redemption, refuses the key for another request, and holds once under concurrency', async () => {
    const { cookie, playerId } = await verifiedPlayer('redeem-retry@example.com', 30_000);
    const body = gift(5_000, 'retry-key-0001');
    const results = await Promise.all(Array.from({ length: 8 }, () => redeem(cookie, body)));
    for (const res of results) expect(res.statusCode, res.body).toBe(200);
    expect(new Set(results.map((r) => r.json().data.id)).size).toBe(1);
    expect(results.filter((r) => r.json().replayed === false)).toHaveLength(1);
    expect((await getPlayerBalance(t.database.db, playerId)).winnings).toBe(25_000);
    const conflict = await redeem(cookie, gift(6_000, 'retry-key-0001'));
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().error.code).toBe('WALLET_IDEMPOTENCY_CONFLICT');
    // Different keys racing for more than the winnings: the ledger lets only what fits through.
    const race = await Promise.all(Array.from({ length: 4 }, () => redeem(cookie, bank(10_000))));
    expect(race.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(race.filter((r) => r.statusCode === 422).every((r) => r.json().error.code === 'WALLET_INSUFFICIENT_FUNDS')).toBe(true);
    expect((await getPlayerBalance(t.database.db, playerId)).winnings).toBe(5_000);
  });

  it('lets the player cancel a pending redemption (coins back) but not twice, and not another player', async () => {
    const { cookie, playerId } = await verifiedPlayer('redeem-cancel@example.com', 15_000);
    const id = (await redeem(cookie, bank(10_000))).json().data.id as number;
    const other = await signUpViaApi(t.app, 'redeem-cancel-other@example.com');
    const foreign = await t.app.inject({ method: 'POST', url: `/rest/cash/redeem/${id}/cancel/`, payload: {}, headers: { cookie: other.cookie } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('REDEEM_NOT_FOUND');
    const cancel = await t.app.inject({ method: 'POST', url: `/rest/cash/redeem/${id}/cancel/`, payload: {}, headers: { cookie } });
    expect(cancel.json()).toMatchObject({ success: true, data: { id, status: 'cancelled' } });
    expect((await getPlayerBalance(t.database.db, playerId)).winnings).toBe(15_000);
    const again = await t.app.inject({ method: 'POST', url: `/rest/cash/redeem/${id}/cancel/`, payload: {}, headers: { cookie } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('REDEEM_NOT_PENDING');
    const approveCancelled = await t.app.inject({ method: 'POST', url: `/api/operator/redemptions/${id}/approve/`, payload: {}, headers: { cookie: admin } });
    expect(approveCancelled.json().error.code).toBe('REDEEM_NOT_PENDING');
    expect((await getPlayerBalance(t.database.db, playerId)).winnings).toBe(15_000);
  });

  it('operator approval pays out (posted) and rejection returns the coins (voided), each audited and pushed', async () => {
    const { cookie, playerId } = await verifiedPlayer('redeem-review@example.com', 30_000);
    const paidId = (await redeem(cookie, bank(10_000))).json().data.id as number;
    const rejectedId = (await redeem(cookie, gift(5_000))).json().data.id as number;
    const pending = (await t.app.inject({ method: 'GET', url: '/api/operator/redemptions/', headers: { cookie: admin } })).json().data as { id: number }[];
    expect(pending.map((r) => r.id)).toEqual(expect.arrayContaining([paidId, rejectedId]));

    const approve = await t.app.inject({ method: 'POST', url: `/api/operator/redemptions/${paidId}/approve/`, payload: {}, headers: { cookie: admin } });
    expect(approve.json()).toMatchObject({ success: true, data: { status: 'paid' } });
    const noReason = await t.app.inject({ method: 'POST', url: `/api/operator/redemptions/${rejectedId}/reject/`, payload: {}, headers: { cookie: admin } });
    expect(noReason.statusCode).toBe(400);
    const reject = await t.app.inject({ method: 'POST', url: `/api/operator/redemptions/${rejectedId}/reject/`, payload: { reason: 'Name does not match the account' }, headers: { cookie: admin } });
    expect(reject.json()).toMatchObject({ success: true, data: { status: 'rejected', reason: 'Name does not match the account' } });
    expect((await getPlayerBalance(t.database.db, playerId)).winnings).toBe(20_000);
    const twice = await t.app.inject({ method: 'POST', url: `/api/operator/redemptions/${paidId}/reject/`, payload: { reason: 'changed my mind' }, headers: { cookie: admin } });
    expect(twice.json().error.code).toBe('REDEEM_NOT_PENDING');
    expect((await getPlayerBalance(t.database.db, playerId)).winnings).toBe(20_000);

    const history = (await status(cookie)).history as { id: number; status: string }[];
    expect(history.filter((r) => [paidId, rejectedId].includes(r.id)).map((r) => r.status).sort()).toEqual(['paid', 'rejected']);
    const audit = await t.database.db.selectFrom('operator_audit').selectAll().where('target_type', '=', 'redemption').execute();
    expect(audit.filter((a) => [String(paidId), String(rejectedId)].includes(a.target_id)).map((a) => a.action).sort()).toEqual(['redemption.approve', 'redemption.reject']);
    const balancePushes = await t.database.db.selectFrom('domain_events').select('payload_json').where('player_id', '=', playerId).where('type', '=', 'wallet.balance-changed').execute();
    const reasons = balancePushes.map((p) => (JSON.parse(p.payload_json) as { reason: string }).reason);
    expect(reasons).toEqual(expect.arrayContaining(['redemption.requested', 'redemption.paid', 'redemption.rejected']));
    const redeemPushes = await t.database.db.selectFrom('domain_events').select('push_json').where('player_id', '=', playerId).where('type', '=', 'redeem.status-changed').orderBy('id').execute();
    expect(redeemPushes.map((p) => JSON.parse(p.push_json!))).toEqual([
      { type: 'redeem', action: 'pending', data: { redemptionId: paidId, amount: 10_000, method: 'bank', reason: null } },
      { type: 'redeem', action: 'pending', data: { redemptionId: rejectedId, amount: 5_000, method: 'gift_card', reason: null } },
      { type: 'redeem', action: 'paid', data: { redemptionId: paidId, amount: 10_000, method: 'bank', reason: null } },
      { type: 'redeem', action: 'rejected', data: { redemptionId: rejectedId, amount: 5_000, method: 'gift_card', reason: 'Name does not match the account' } },
    ]);
  });

  it('is refused while the operator setting turns redeem off', async () => {
    const { cookie, playerId } = await verifiedPlayer('redeem-off@example.com', 20_000);
    await t.database.db.updateTable('settings').set({ value_json: JSON.stringify('inactive') }).where('key', '=', 'redeem.status').execute();
    try {
      const res = await redeem(cookie, bank(10_000));
      expect(res.json().error.code).toBe('REDEEM_NOT_AVAILABLE');
      await nothingMoved(playerId, 20_000);
    } finally {
      await t.database.db.updateTable('settings').set({ value_json: JSON.stringify('active') }).where('key', '=', 'redeem.status').execute();
    }
  });
});
