import { createHash } from 'node:crypto';
import type { DialectName } from '@sweepstack/db/connection';
import { findPlayerByUuid } from '@sweepstack/db/repositories/players';
import { getPlayerBalance } from '@sweepstack/db/repositories/ledger/balances';
import { play } from '@sweepstack/db/repositories/ledger/plays';
import { transfer } from '@sweepstack/db/repositories/ledger/transfers';
import { expectLedgerBalanced } from '@sweepstack/testkit/ledger-invariants';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readDepositsCount } from '../../lib/player-balance';
import { TEST_CARDS } from '../../payments/sandbox-provider/cards';
import { type SandboxEvent, type WebhookRequest } from '../../payments/sandbox-provider/provider';
import { sandboxWebhookSecret } from '../../payments/sandbox-provider/secret';
import { SIGNATURE_HEADER, signatureHeader } from '../../payments/sandbox-provider/signature';
import { ManualClock, signUpViaApi } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { pruneFinishedJobs } from '@sweepstack/db/jobs/repository';
import { JOB_RUNNER_DEFAULTS } from '../../jobs/runner';
import { sandboxProviderOf } from './provider-registry';
import { RECONCILE_AFTER_MS, reconcilePayments } from './reconcile';

const DETERMINISTIC = { PAYMENTS_SANDBOX_MODE: 'deterministic', PAYMENTS_SANDBOX_WORKER: 'false', PAYMENTS_SANDBOX_DUPLICATE_RATE: '0', PAYMENTS_SANDBOX_REORDER_RATE: '0' };
const card = (number: string, extra: Partial<{ expMonth: number; expYear: number; cvc: string }> = {}) => ({ number, expMonth: 12, expYear: 2030, cvc: '123', ...extra });
let keyCounter = 0;
const newKey = () => `test-key-${Date.now()}-${++keyCounter}`;

interface Player {
  cookie: string;
  id: number;
  uuid: string;
  email: string;
}

function harness(dialect: DialectName, env: Record<string, string> = {}) {
  const clock = new ManualClock();
  const ctx = {} as { t: TestApp };
  let players = 0;
  const setup = async () => {
    ctx.t = await createTestApp(dialect, { seed: true, clock, env: { ...DETERMINISTIC, ...env } });
  };
  const db = () => ctx.t.database.db;
  const app = () => ctx.t.app;
  const provider = () => sandboxProviderOf(ctx.t.app);
  const signUp = async (): Promise<Player> => {
    const email = `buyer${++players}.${dialect}@example.com`;
    const { cookie, uuid } = await signUpViaApi(app(), email);
    const player = await findPlayerByUuid(db(), uuid);
    return { cookie, id: player!.id, uuid, email };
  };
  const deposit = (player: Player | null, body: Record<string, unknown>) =>
    app().inject({ method: 'POST', url: '/rest/cash/deposit/', headers: player ? { cookie: player.cookie } : {}, payload: body });
  const buy = async (player: Player, presetId: string, methodId: string, cardBody?: unknown, key = newKey()) => {
    const res = await deposit(player, { presetId, methodId, ...(cardBody ? { card: cardBody } : {}), idempotencyKey: key });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: { paymentId: string; status: string; reason?: string; challengeUrl?: string } }).data;
  };
  const pushes = async (playerId: number, type?: string) => {
    const rows = await db().selectFrom('domain_events').select(['push_json']).where('player_id', '=', playerId).where('push_json', 'is not', null).orderBy('id').execute();
    return rows.map((r) => JSON.parse(r.push_json!) as { type: string; action: string; data: Record<string, unknown> }).filter((p) => !type || p.type === type);
  };
  const credits = async (paymentId: string) =>
    db().selectFrom('ledger_transfers').select(['idempotency_key', 'amount', 'currency']).where('idempotency_key', 'in', [`purchase:${paymentId}:GC`, `purchase:${paymentId}:FC`]).execute();
  const paymentRow = (paymentId: string) => db().selectFrom('cashier_payments').selectAll().where('id', '=', paymentId).executeTakeFirstOrThrow();
  const pkg = (id: string) => db().selectFrom('cashier_packages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const signed = (body: string, atMs = clock.nowMs(), secret = sandboxWebhookSecret(ctx.t.app.deps.config)) => ({ 'content-type': 'application/json', [SIGNATURE_HEADER]: signatureHeader(secret, Math.floor(atMs / 1000), body) });
  const postWebhook = (body: string, headers: Record<string, string>) => app().inject({ method: 'POST', url: '/rest/cash/webhook/sandbox/', headers, payload: body });
  /** Swaps the provider's transport for one that records the webhooks and answers 200 without sending them. */
  const captureWebhooks = () => {
    const captured: WebhookRequest[] = [];
    const original = provider().transport;
    provider().transport = async (request) => {
      captured.push(request);
      return 200;
    };
    return { captured, restore: () => (provider().transport = original) };
  };
  /** The provider's first webhook delivery job of one of our payments. */
  const deliveryJob = async (paymentId: string) => {
    const providerPaymentId = (await paymentRow(paymentId)).provider_payment_id!;
    return db().selectFrom('jobs').selectAll().where('kind', '=', 'payments-sandbox.deliver').where('key', 'like', `${providerPaymentId}:%`).orderBy('id').executeTakeFirstOrThrow();
  };
  return { clock, ctx, setup, db, app, provider, signUp, deposit, buy, pushes, credits, paymentRow, pkg, signed, postWebhook, captureWebhooks, deliveryJob };
}

describe.each(dialectsUnderTest())('cashier on %s', (dialect) => {
  const h = harness(dialect);
  let alice: Player;
  let bob: Player;

  beforeAll(async () => {
    await h.setup();
    alice = await h.signUp();
    bob = await h.signUp();
  });
  afterAll(async () => h.ctx.t.close());
  afterEach(async () => {
    await expectLedgerBalanced(h.db());
  });

  it('lists the coin packages from the seeded content', async () => {
    const res = await h.app().inject({ method: 'GET', url: '/rest/available-sets/check/' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { success: boolean; data: { packages: Record<string, unknown>[]; promoOffers: { bundle: unknown[]; extraWheel: unknown[] } } };
    expect(body.success).toBe(true);
    // Promo offer presets this visitor may buy come first (docs/features/promo-offers.md); the regular packages follow.
    const regular = body.data.packages.filter((p) => p.promoOffer !== true);
    expect(regular.length).toBeGreaterThanOrEqual(6);
    expect(body.data.packages.slice(0, body.data.packages.length - regular.length).every((p) => p.promoOffer === true)).toBe(true);
    expect(body.data.promoOffers.bundle.every((b) => (b as { type: string }).type === 'welcomePack')).toBe(true);
    // Packages a feature sells as its own offer (promoOffers.extraWheel…) are not in the regular list.
    const featureOffers = new Set(body.data.promoOffers.extraWheel.map((o) => (o as { id: string }).id));
    expect(body.data.packages.filter((p) => featureOffers.has(p.id as string))).toEqual([]);
    const first = regular[0]!;
    expect(first).toMatchObject({ id: 'gc-5k', coins: 5000, entries: 5, price: 4.99, usualPrice: 4.99, bestDeal: false, mostPopular: false });
    expect(regular.filter((p) => p.bestDeal === true)).toHaveLength(1);
    expect(regular.filter((p) => p.mostPopular === true)).toHaveLength(1);
    expect(regular.find((p) => p.id === 'gc-200k')).toMatchObject({ price: 199.99, usualPrice: 229.99, badgeLabel: 'Best deal' });
  });

  it('buys with the success card: credited once, from the webhook, with the deposit and balance pushes', async () => {
    const before = await getPlayerBalance(h.db(), alice.id);
    const answer = await h.buy(alice, 'gc-10k', 'card', card('4242 4242 4242 4242'));
    expect(answer.status).toBe('complete');
    // Nothing is credited before the webhook arrives.
    expect(await h.credits(answer.paymentId)).toHaveLength(0);
    expect(await readDepositsCount(h.ctx.t.app.deps, alice.id)).toBe(0);
    await h.provider().drain();
    const after = await getPlayerBalance(h.db(), alice.id);
    expect(after.tourPoints - before.tourPoints).toBe(10000);
    expect(after.unplayed - before.unplayed).toBe(1000);
    expect(after.winnings).toBe(before.winnings);
    expect(await h.credits(answer.paymentId)).toHaveLength(2);
    expect(await readDepositsCount(h.ctx.t.app.deps, alice.id)).toBe(1);
    const init = await h.app().inject({ method: 'GET', url: '/rest/app/init/', headers: { cookie: alice.cookie } });
    expect(init.json()).toMatchObject({ data: { depositsCount: 1, hasDeposits: true } });
    const row = await h.paymentRow(answer.paymentId);
    expect(row).toMatchObject({ status: 'complete', card_last4: '4242', card_brand: 'visa' });
    const deposits = await h.pushes(alice.id, 'deposit');
    expect(deposits).toHaveLength(1);
    expect(deposits[0]).toMatchObject({ action: 'complete', data: { paymentId: answer.paymentId, amountCents: 999, depositsCount: 1, isFirstDeposit: true } });
    const analytics = deposits[0]!.data.analytics as { firstDeposit: { emailSha256: string; phoneSha256: string | null } };
    expect(analytics.firstDeposit.emailSha256).toBe(createHash('sha256').update(alice.email).digest('hex'));
    expect(analytics.firstDeposit.phoneSha256).toBeNull();
    const balances = await h.pushes(alice.id, 'balance');
    expect(balances.at(-1)).toMatchObject({ action: 'update', data: { tourPoints: after.tourPoints, entries: after.entries } });
    // Draining again, or a second purchase, never credits this payment twice.
    await h.provider().drain();
    expect(await h.credits(answer.paymentId)).toHaveLength(2);
    const second = await h.buy(alice, 'gc-5k', 'apple_pay');
    expect(second.status).toBe('complete');
    await h.provider().drain();
    expect(await readDepositsCount(h.ctx.t.app.deps, alice.id)).toBe(2);
    const last = (await h.pushes(alice.id, 'deposit')).at(-1)!;
    expect(last.data).toMatchObject({ depositsCount: 2, isFirstDeposit: false });
    expect((last.data.analytics as { firstDeposit: unknown }).firstDeposit).toBeNull();
  });

  it('never stores the card number or the cvc', async () => {
    await h.buy(alice, 'gc-5k', 'card', card(TEST_CARDS.success, { cvc: '987' }));
    await h.provider().drain();
    const rows: Record<string, unknown>[] = [
      ...(await h.db().selectFrom('cashier_payments').selectAll().execute()),
      ...(await h.db().selectFrom('sandbox_payments').selectAll().execute()),
      ...(await h.db().selectFrom('jobs').selectAll().where('kind', 'like', 'payments-sandbox.%').execute()),
    ];
    expect(rows.length).toBeGreaterThan(3);
    for (const row of rows) {
      expect(JSON.stringify(row)).not.toContain('4242424242424242');
      // The cvc as a value of its own (ids are random hex, which may contain the digits).
      for (const value of Object.values(row)) expect(String(value)).not.toBe('987');
      expect(JSON.stringify(row)).not.toMatch(/"(cvc|number)"/);
    }
  });

  it.each([
    [TEST_CARDS.declined, 'card_declined'],
    [TEST_CARDS.insufficientFunds, 'insufficient_funds'],
  ])('declines card %s with %s: decline push, nothing credited', async (number, reason) => {
    const before = await getPlayerBalance(h.db(), bob.id);
    const answer = await h.buy(bob, 'gc-20k', 'card', card(number));
    expect(answer).toMatchObject({ status: 'declined', reason });
    await h.provider().drain();
    expect(await h.paymentRow(answer.paymentId)).toMatchObject({ status: 'declined', decline_reason: reason });
    expect(await h.credits(answer.paymentId)).toHaveLength(0);
    expect(await getPlayerBalance(h.db(), bob.id)).toEqual(before);
    const decline = (await h.pushes(bob.id, 'paymentStatus')).filter((p) => p.data.paymentId === answer.paymentId);
    expect(decline).toEqual([{ type: 'paymentStatus', action: 'decline', data: expect.objectContaining({ paymentId: answer.paymentId, reason, nextMethod: true }) }]);
  });

  it('declines an expired card (expired_card)', async () => {
    const answer = await h.buy(bob, 'gc-5k', 'card', card(TEST_CARDS.success, { expMonth: 1, expYear: 2026 }));
    expect(answer).toMatchObject({ status: 'declined', reason: 'expired_card' });
    await h.provider().drain();
    expect(await h.credits(answer.paymentId)).toHaveLength(0);
  });

  it('3-D Secure approved through the challenge page credits once', async () => {
    const answer = await h.buy(alice, 'gc-50k', 'card', card(TEST_CARDS.threeDSecure));
    expect(answer.status).toBe('pending_3ds');
    expect(answer.challengeUrl).toMatch(/\/sandbox\/3ds\/sbx_pay_[0-9a-f]{24}$/);
    await h.provider().drain();
    expect((await h.pushes(alice.id, 'paymentStatus')).at(-1)).toMatchObject({ action: '3ds', data: { paymentId: answer.paymentId, challengeUrl: answer.challengeUrl } });
    const path = new URL(answer.challengeUrl!).pathname;
    const page = await h.app().inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('value="approve"');
    expect(page.body).not.toContain('<script');
    expect(await h.credits(answer.paymentId)).toHaveLength(0);
    const approve = await h.app().inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'outcome=approve' });
    expect(approve.statusCode).toBe(200);
    expect(approve.body).toContain('Payment approved');
    await h.provider().drain();
    expect(await h.paymentRow(answer.paymentId)).toMatchObject({ status: 'complete' });
    expect(await h.credits(answer.paymentId)).toHaveLength(2);
    // The challenge cannot be answered twice.
    const again = await h.app().inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'outcome=fail' });
    expect(again.statusCode).toBe(409);
    expect((await h.app().inject({ method: 'GET', url: path })).statusCode).toBe(409);
    await h.provider().drain();
    expect(await h.credits(answer.paymentId)).toHaveLength(2);
  });

  it('3-D Secure failed: failed-complete push, nothing credited', async () => {
    const answer = await h.buy(bob, 'gc-10k', 'card', card(TEST_CARDS.threeDSecure));
    const path = new URL(answer.challengeUrl!).pathname;
    const fail = await h.app().inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'outcome=fail' });
    expect(fail.statusCode).toBe(200);
    await h.provider().drain();
    expect(await h.paymentRow(answer.paymentId)).toMatchObject({ status: 'failed', decline_reason: 'authentication_failed' });
    expect(await h.credits(answer.paymentId)).toHaveLength(0);
    expect((await h.pushes(bob.id, 'deposit')).filter((p) => p.data.paymentId === answer.paymentId)).toEqual([{ type: 'deposit', action: 'failed-complete', data: { paymentId: answer.paymentId, message: null } }]);
    const status = await h.app().inject({ method: 'GET', url: `/rest/cash/payments/${answer.paymentId}/`, headers: { cookie: bob.cookie } });
    expect(status.json()).toMatchObject({ data: { status: 'declined', reason: 'authentication_failed' } });
  });

  it('bank transfer: pending, then complete after the provider settles it', async () => {
    const answer = await h.buy(alice, 'gc-20k', 'bank');
    expect(answer.status).toBe('pending');
    await h.provider().drain();
    expect(await h.paymentRow(answer.paymentId)).toMatchObject({ status: 'pending' });
    expect(await h.credits(answer.paymentId)).toHaveLength(0);
    h.clock.advance(61_000);
    await h.provider().drain();
    expect(await h.paymentRow(answer.paymentId)).toMatchObject({ status: 'complete' });
    expect(await h.credits(answer.paymentId)).toHaveLength(2);
    const status = await h.app().inject({ method: 'GET', url: `/rest/cash/payments/${answer.paymentId}/`, headers: { cookie: alice.cookie } });
    expect(status.json()).toMatchObject({ success: true, data: { paymentId: answer.paymentId, status: 'complete', presetId: 'gc-20k', methodId: 'bank', amountCents: 1999, completedAtMs: h.clock.nowMs() } });
    // The receipt states what was credited: the ledger's two credits of this payment.
    const row = await h.paymentRow(answer.paymentId);
    expect(status.json().data).toMatchObject({ goldCoins: Number(row.gold_coins), fortuneCents: Number(row.fortune_cents) });
    expect(Number(row.gold_coins)).toBeGreaterThan(0);
  });

  it('webhooks late, duplicated and out of order credit exactly once', async () => {
    const capture = h.captureWebhooks();
    try {
      const bank = await h.buy(alice, 'gc-5k', 'bank');
      const secure = await h.buy(alice, 'gc-10k', 'card', card(TEST_CARDS.threeDSecure));
      await h.provider().drain();
      await h.app().inject({ method: 'POST', url: new URL(secure.challengeUrl!).pathname, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'outcome=approve' });
      h.clock.advance(61_000);
      await h.provider().drain();
      const events = capture.captured.map((c) => c.body);
      expect(events).toHaveLength(4);
      // Newest first (succeeded before processing / requires_action), each twice.
      const reversed = [...events].reverse();
      for (const body of [...reversed, ...reversed]) {
        const res = await h.postWebhook(body, h.signed(body));
        expect(res.statusCode).toBe(200);
      }
      for (const paymentId of [bank.paymentId, secure.paymentId]) {
        expect(await h.paymentRow(paymentId)).toMatchObject({ status: 'complete' });
        expect(await h.credits(paymentId)).toHaveLength(2);
        expect((await h.pushes(alice.id, 'deposit')).filter((p) => p.data.paymentId === paymentId)).toHaveLength(1);
      }
      // The stale requires_action that came after success pushed no 3-D Secure prompt.
      expect((await h.pushes(alice.id, 'paymentStatus')).filter((p) => p.data.paymentId === secure.paymentId)).toHaveLength(0);
    } finally {
      capture.restore();
    }
  });

  it('a failure event after success (or a success after failure) never credits twice', async () => {
    const capture = h.captureWebhooks();
    try {
      const answer = await h.buy(bob, 'gc-5k', 'card', card(TEST_CARDS.success));
      await h.provider().drain();
      const success = JSON.parse(capture.captured[0]!.body) as SandboxEvent;
      const forgedFail: SandboxEvent = { ...success, id: 'evt_00000000000000000000000a', type: 'payment.failed', data: { ...success.data, status: 'failed', failureCode: 'card_declined', sequence: 1 } };
      const laterSuccess: SandboxEvent = { ...success, id: 'evt_00000000000000000000000b', data: { ...success.data, sequence: 5 } };
      for (const event of [forgedFail, success, laterSuccess, success]) {
        const body = JSON.stringify(event);
        expect((await h.postWebhook(body, h.signed(body))).statusCode).toBe(200);
      }
      expect(await h.paymentRow(answer.paymentId)).toMatchObject({ status: 'declined' });
      expect(await h.credits(answer.paymentId)).toHaveLength(0);
    } finally {
      capture.restore();
    }
  });

  it('retries a webhook our endpoint did not accept, with backoff', async () => {
    let failures = 0;
    const original = h.provider().transport;
    h.provider().transport = async (request) => (failures++ < 2 ? 503 : original(request));
    try {
      const answer = await h.buy(alice, 'gc-5k', 'apple_pay');
      await h.provider().drain();
      expect(await h.credits(answer.paymentId)).toHaveLength(0);
      const job = await h.deliveryJob(answer.paymentId);
      expect(job).toMatchObject({ attempts: 1, status: 'pending', finished_at_ms: null, last_error: 'HTTP 503' });
      h.clock.advance(1_000);
      await h.provider().drain();
      expect(await h.credits(answer.paymentId)).toHaveLength(0);
      h.clock.advance(2_000);
      await h.provider().drain();
      expect(await h.credits(answer.paymentId)).toHaveLength(2);
    } finally {
      h.provider().transport = original;
    }
  });

  it('refuses forged, tampered and replayed webhooks: nothing credited', async () => {
    const capture = h.captureWebhooks();
    try {
      const answer = await h.buy(bob, 'gc-10k', 'card', card(TEST_CARDS.success));
      await h.provider().drain();
      const body = capture.captured[0]!.body;
      const forged = await h.postWebhook(body, h.signed(body, h.clock.nowMs(), 'not-the-secret-not-the-secret-not-the-secret'));
      expect(forged.statusCode).toBe(401);
      expect(forged.json()).toMatchObject({ success: false, error: { code: 'CASHIER_WEBHOOK_SIGNATURE_INVALID' } });
      const tampered = body.replace('"amountCents":999', '"amountCents":1');
      expect((await h.postWebhook(tampered, h.signed(body))).statusCode).toBe(401);
      expect((await h.postWebhook(body, { 'content-type': 'application/json' })).statusCode).toBe(401);
      expect((await h.postWebhook(body, { 'content-type': 'application/json', [SIGNATURE_HEADER]: 't=abc,v1=zz' })).statusCode).toBe(401);
      const old = await h.postWebhook(body, h.signed(body, h.clock.nowMs() - 301_000));
      expect(old.statusCode).toBe(401);
      expect(old.json()).toMatchObject({ error: { code: 'CASHIER_WEBHOOK_TIMESTAMP_INVALID' } });
      const future = await h.postWebhook(body, h.signed(body, h.clock.nowMs() + 301_000));
      expect(future.statusCode).toBe(401);
      expect(await h.credits(answer.paymentId)).toHaveLength(0);
      const garbage = 'not json';
      expect((await h.postWebhook(garbage, h.signed(garbage))).statusCode).toBe(400);
      const wrongShape = JSON.stringify({ id: 'x' });
      expect((await h.postWebhook(wrongShape, h.signed(wrongShape))).statusCode).toBe(400);
      expect(await h.credits(answer.paymentId)).toHaveLength(0);
      // The genuine one still works once.
      expect((await h.postWebhook(body, h.signed(body))).statusCode).toBe(200);
      expect(await h.credits(answer.paymentId)).toHaveLength(2);
    } finally {
      capture.restore();
    }
  });

  it('replays the first answer for the same idempotency key; 409 for the same key with another body', async () => {
    const key = newKey();
    const first = await h.buy(alice, 'gc-5k', 'card', card(TEST_CARDS.success), key);
    const again = await h.buy(alice, 'gc-5k', 'card', card(TEST_CARDS.success), key);
    expect(again).toEqual(first);
    const conflict = await h.deposit(alice, { presetId: 'gc-10k', methodId: 'card', card: card(TEST_CARDS.success), idempotencyKey: key });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toMatchObject({ error: { code: 'CASHIER_IDEMPOTENCY_CONFLICT' } });
    const otherCard = await h.deposit(alice, { presetId: 'gc-5k', methodId: 'card', card: card('4000 0000 0000 0002'), idempotencyKey: key });
    expect(otherCard.statusCode).toBe(409);
    expect(await h.db().selectFrom('cashier_payments').select('id').where('idempotency_key', '=', key).execute()).toHaveLength(1);
    // Another player may use the same key: keys are per player.
    const bobs = await h.buy(bob, 'gc-5k', 'apple_pay', undefined, key);
    expect(bobs.paymentId).not.toBe(first.paymentId);
    await h.provider().drain();
    expect(await h.credits(first.paymentId)).toHaveLength(2);
  });

  it('purchase limits: lowering applies at once, raising after 24 hours', async () => {
    const carol = await h.signUp();
    const limits = async () => (await h.app().inject({ method: 'GET', url: '/rest/player/purchase-limits/', headers: { cookie: carol.cookie } })).json() as { data: Record<string, { limitCents: number | null; usedCents: number; remainingCents: number | null; pending: { limitCents: number | null; effectiveAtMs: number } | null }> };
    const setLimits = (body: Record<string, number | null>) => h.app().inject({ method: 'POST', url: '/rest/player/purchase-limits/', headers: { cookie: carol.cookie }, payload: body });
    expect((await limits()).data.daily).toEqual({ limitCents: null, usedCents: 0, remainingCents: null, pending: null });
    expect((await setLimits({ daily: 1200, weekly: 4000 })).statusCode).toBe(200);
    expect((await limits()).data.daily).toMatchObject({ limitCents: 1200, pending: null });
    await h.buy(carol, 'gc-10k', 'apple_pay');
    const over = await h.deposit(carol, { presetId: 'gc-5k', methodId: 'apple_pay', idempotencyKey: newKey() });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ error: { code: 'CASHIER_PURCHASE_LIMIT_EXCEEDED', fields: { period: 'daily' } } });
    // Raising waits 24 hours.
    expect((await setLimits({ daily: 10_000 })).statusCode).toBe(200);
    const pending = (await limits()).data.daily;
    expect(pending).toMatchObject({ limitCents: 1200, usedCents: 999, remainingCents: 201, pending: { limitCents: 10_000, effectiveAtMs: h.clock.nowMs() + 86_400_000 } });
    expect((await h.deposit(carol, { presetId: 'gc-5k', methodId: 'apple_pay', idempotencyKey: newKey() })).statusCode).toBe(422);
    h.clock.advance(3_600_000);
    expect((await h.deposit(carol, { presetId: 'gc-5k', methodId: 'apple_pay', idempotencyKey: newKey() })).statusCode).toBe(422);
    h.clock.advance(86_400_000 - 3_600_000);
    expect((await limits()).data.daily).toMatchObject({ limitCents: 10_000, pending: null, usedCents: 0 });
    // The weekly limit still counts yesterday's purchase.
    await h.buy(carol, 'gc-20k', 'apple_pay');
    const weekly = await h.deposit(carol, { presetId: 'gc-20k', methodId: 'apple_pay', idempotencyKey: newKey() });
    expect(weekly.json()).toMatchObject({ error: { code: 'CASHIER_PURCHASE_LIMIT_EXCEEDED', fields: { period: 'weekly' } } });
    // Removing a limit is a raise (pending); lowering again cancels the pending raise at once.
    await setLimits({ weekly: null });
    expect((await limits()).data.weekly).toMatchObject({ limitCents: 4000, pending: { limitCents: null } });
    await setLimits({ weekly: 3500 });
    expect((await limits()).data.weekly).toMatchObject({ limitCents: 3500, pending: null });
    await h.provider().drain();
  });

  it('self-excluded and cooling-off players cannot buy', async () => {
    const dave = await h.signUp();
    await h.db().updateTable('players').set({ account_status: 'SELF_EXCLUDED' }).where('id', '=', dave.id).execute();
    const excluded = await h.deposit(dave, { presetId: 'gc-5k', methodId: 'apple_pay', idempotencyKey: newKey() });
    expect(excluded.statusCode).toBe(403);
    expect(excluded.json()).toMatchObject({ error: { code: 'CASHIER_SELF_EXCLUDED' } });
    await h.db().updateTable('players').set({ account_status: 'ACTIVE' }).where('id', '=', dave.id).execute();
    await h.db().insertInto('cashier_cooling_off').values({ player_id: dave.id, until_ms: h.clock.nowMs() + 3_600_000, created_at_ms: h.clock.nowMs() }).execute();
    const cooling = await h.deposit(dave, { presetId: 'gc-5k', methodId: 'apple_pay', idempotencyKey: newKey() });
    expect(cooling.statusCode).toBe(403);
    expect(cooling.json()).toMatchObject({ error: { code: 'CASHIER_COOLING_OFF' } });
    expect(await h.db().selectFrom('cashier_payments').select('id').where('player_id', '=', dave.id).execute()).toHaveLength(0);
    h.clock.advance(3_600_001);
    expect((await h.deposit(dave, { presetId: 'gc-5k', methodId: 'apple_pay', idempotencyKey: newKey() })).statusCode).toBe(200);
    await h.provider().drain();
  });

  it('refuses bad input on every endpoint, with nothing stored or moved', async () => {
    const paymentsBefore = (await h.db().selectFrom('cashier_payments').select('id').execute()).length;
    const good = { presetId: 'gc-5k', methodId: 'card', card: card(TEST_CARDS.success), idempotencyKey: newKey() };
    const cases: [Record<string, unknown>, number, string, string?][] = [
      [{ ...good, presetId: 'no-such-pack' }, 404, 'CASHIER_PACKAGE_NOT_FOUND'],
      [{ ...good, presetId: '-1' }, 404, 'CASHIER_PACKAGE_NOT_FOUND'],
      [{ ...good, presetId: 5 }, 400, 'VALIDATION_FAILED', 'presetId'],
      [{ ...good, presetId: '' }, 400, 'VALIDATION_FAILED', 'presetId'],
      [{ ...good, methodId: 'crypto' }, 400, 'VALIDATION_FAILED', 'methodId'],
      [{ ...good, card: card('4242 4242 4242 4241') }, 400, 'VALIDATION_FAILED', 'card.number'],
      [{ ...good, card: card('hello') }, 400, 'VALIDATION_FAILED', 'card.number'],
      [{ ...good, card: card('4242') }, 400, 'VALIDATION_FAILED', 'card.number'],
      [{ ...good, card: card(TEST_CARDS.success, { expMonth: 13 }) }, 400, 'VALIDATION_FAILED', 'card.expMonth'],
      [{ ...good, card: card(TEST_CARDS.success, { expMonth: -1 }) }, 400, 'VALIDATION_FAILED', 'card.expMonth'],
      [{ ...good, card: card(TEST_CARDS.success, { expMonth: 1.5 }) }, 400, 'VALIDATION_FAILED', 'card.expMonth'],
      [{ ...good, card: card(TEST_CARDS.success, { cvc: '12' }) }, 400, 'VALIDATION_FAILED', 'card.cvc'],
      [{ ...good, card: card(TEST_CARDS.success, { cvc: '1234' }) }, 400, 'VALIDATION_FAILED', 'card.cvc'],
      [{ ...good, card: undefined }, 400, 'VALIDATION_FAILED', 'card'],
      [{ ...good, methodId: 'bank' }, 400, 'VALIDATION_FAILED', 'card'],
      [{ ...good, idempotencyKey: 'short' }, 400, 'VALIDATION_FAILED', 'idempotencyKey'],
      [{ ...good, idempotencyKey: undefined }, 400, 'VALIDATION_FAILED', 'idempotencyKey'],
      [{ ...good, amountCents: 1 }, 400, 'VALIDATION_FAILED', 'amountCents'],
    ];
    for (const [body, status, code, field] of cases) {
      const res = await h.deposit(alice, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      const json = res.json() as { error: { code: string; fields?: Record<string, string> } };
      expect(json.error.code).toBe(code);
      if (field) expect(Object.keys(json.error.fields ?? {}), JSON.stringify(json)).toContain(field);
    }
    expect((await h.deposit(null, good)).statusCode).toBe(401);
    const bobPayment = await h.buy(bob, 'gc-5k', 'apple_pay');
    await h.provider().drain();
    expect((await h.db().selectFrom('cashier_payments').select('id').execute()).length).toBe(paymentsBefore + 1);
    // Another player's payment id, an unknown one, a malformed one.
    expect((await h.app().inject({ method: 'GET', url: `/rest/cash/payments/${bobPayment.paymentId}/`, headers: { cookie: alice.cookie } })).statusCode).toBe(404);
    expect((await h.app().inject({ method: 'GET', url: `/rest/cash/payments/pay_nope/`, headers: { cookie: alice.cookie } })).statusCode).toBe(404);
    expect((await h.app().inject({ method: 'GET', url: `/rest/cash/payments/${bobPayment.paymentId}/` })).statusCode).toBe(401);
    // Limits.
    for (const body of [{ daily: -1 }, { daily: 10.5 }, { daily: '100' }, {}, { yearly: 100 }, { daily: 1e12 }]) {
      const res = await h.app().inject({ method: 'POST', url: '/rest/player/purchase-limits/', headers: { cookie: alice.cookie }, payload: body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await h.app().inject({ method: 'POST', url: '/rest/player/purchase-limits/', payload: { daily: 100 } })).statusCode).toBe(401);
    expect((await h.app().inject({ method: 'GET', url: '/rest/player/purchase-limits/' })).statusCode).toBe(401);
    expect((await h.app().inject({ method: 'GET', url: '/rest/player/purchase-limits/', headers: { cookie: alice.cookie } })).json()).toMatchObject({ data: { daily: { limitCents: null } } });
    // History.
    for (const query of ['limit=0', 'limit=201', 'limit=1.5', 'cursor=-3', 'cursor=abc', 'other=1']) {
      expect((await h.app().inject({ method: 'GET', url: `/rest/player/transactions/?${query}`, headers: { cookie: alice.cookie } })).statusCode, query).toBe(400);
    }
    expect((await h.app().inject({ method: 'GET', url: '/rest/player/transactions/' })).statusCode).toBe(401);
    // The challenge page of an unknown or malformed payment.
    expect((await h.app().inject({ method: 'GET', url: '/sandbox/3ds/sbx_pay_000000000000000000000000' })).statusCode).toBe(404);
    expect((await h.app().inject({ method: 'GET', url: '/sandbox/3ds/nope' })).statusCode).toBe(400);
    expect((await h.app().inject({ method: 'POST', url: '/sandbox/3ds/sbx_pay_000000000000000000000000', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'outcome=approve' })).statusCode).toBe(404);
    expect((await h.app().inject({ method: 'POST', url: '/sandbox/3ds/sbx_pay_000000000000000000000000', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'outcome=maybe' })).statusCode).toBe(400);
  });

  it('parallel purchases of one player end with exact balances; parallel retries of one key make one payment', async () => {
    const gina = await h.signUp();
    const before = await getPlayerBalance(h.db(), gina.id);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => h.buy(gina, i % 2 ? 'gc-5k' : 'gc-10k', i % 3 ? 'card' : 'apple_pay', i % 3 ? card(TEST_CARDS.success) : undefined)));
    expect(answers.every((a) => a.status === 'complete')).toBe(true);
    const key = newKey();
    const retries = await Promise.all(Array.from({ length: 8 }, () => h.deposit(gina, { presetId: 'gc-5k', methodId: 'apple_pay', idempotencyKey: key })));
    expect(retries.every((r) => r.statusCode === 200)).toBe(true);
    expect(new Set(retries.map((r) => (r.json() as { data: { paymentId: string } }).data.paymentId)).size).toBe(1);
    await h.provider().drain();
    const after = await getPlayerBalance(h.db(), gina.id);
    expect(after.tourPoints - before.tourPoints).toBe(15 * 5000 + 15 * 10000 + 5000);
    expect(after.unplayed - before.unplayed).toBe(15 * 500 + 15 * 1000 + 500);
    expect(await readDepositsCount(h.ctx.t.app.deps, gina.id)).toBe(31);
    expect(new Set((await h.pushes(gina.id, 'deposit')).map((p) => p.data.depositsCount))).toEqual(new Set(Array.from({ length: 31 }, (_, i) => i + 1)));
  });

  it('reconciles: a payment the provider never received is abandoned and declined; one whose webhooks gave up is sent again', async () => {
    const hank = await h.signUp();
    const provider = h.provider();
    const createPayment = provider.createPayment.bind(provider);
    // The network is unreachable: our row is written, the provider never hears of it.
    provider.createPayment = async () => {
      throw new Error('network unreachable');
    };
    const key = newKey();
    const down = await h.deposit(hank, { presetId: 'gc-5k', methodId: 'apple_pay', idempotencyKey: key }).finally(() => (provider.createPayment = createPayment));
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ error: { code: 'CASHIER_PROVIDER_UNAVAILABLE' } });
    const [stuck] = await h.db().selectFrom('cashier_payments').selectAll().where('player_id', '=', hank.id).execute();
    expect(stuck).toMatchObject({ status: 'created' });
    expect(await reconcilePayments(h.ctx.t.app.deps, provider)).toEqual({ abandoned: 0, resent: 0 });
    h.clock.advance(RECONCILE_AFTER_MS + 1);
    expect(await reconcilePayments(h.ctx.t.app.deps, provider)).toEqual({ abandoned: 1, resent: 0 });
    await provider.drain();
    expect(await h.paymentRow(stuck!.id)).toMatchObject({ status: 'declined', decline_reason: 'abandoned' });
    expect(await h.credits(stuck!.id)).toHaveLength(0);
    // A create that arrives after that cannot charge the abandoned reference.
    expect((await createPayment({ reference: stuck!.id, amountCents: 499, method: 'apple_pay' })).status).toBe('failed');
    expect((await h.deposit(hank, { presetId: 'gc-5k', methodId: 'apple_pay', idempotencyKey: key })).json()).toMatchObject({ data: { paymentId: stuck!.id, status: 'declined', reason: 'abandoned' } });

    // Our endpoint refuses every delivery until the provider gives up.
    const transport = provider.transport;
    provider.transport = async () => 500;
    let settled: { paymentId: string };
    try {
      settled = await h.buy(hank, 'gc-10k', 'apple_pay');
      for (let i = 0; i < 13; i++) {
        await provider.drain();
        h.clock.advance(3_600_000);
      }
    } finally {
      provider.transport = transport;
    }
    const job = await h.deliveryJob(settled.paymentId);
    expect(job).toMatchObject({ status: 'dead', attempts: 12, last_error: 'HTTP 500' });
    expect(await h.credits(settled.paymentId)).toHaveLength(0);
    expect(await reconcilePayments(h.ctx.t.app.deps, provider)).toEqual({ abandoned: 0, resent: 1 });
    await provider.drain();
    expect(await h.credits(settled.paymentId)).toHaveLength(2);
    expect(await reconcilePayments(h.ctx.t.app.deps, provider)).toEqual({ abandoned: 0, resent: 0 });
    // Done jobs are deleted after the runner's retention; dead ones stay for operators.
    const sandboxJobs = () => h.db().selectFrom('jobs').select(['id', 'status']).where('kind', 'like', 'payments-sandbox.%').execute();
    const dead = (await sandboxJobs()).filter((j) => j.status === 'dead');
    expect(dead.length).toBeGreaterThan(0);
    h.clock.advance(JOB_RUNNER_DEFAULTS.retentionMs + 1);
    expect(await pruneFinishedJobs(h.db(), h.clock.nowMs() - JOB_RUNNER_DEFAULTS.retentionMs)).toBeGreaterThan(0);
    expect(await sandboxJobs()).toEqual(dead);
  });

  it('lists purchases, bonuses and plays in the transaction history', async () => {
    const erin = await h.signUp();
    const answer = await h.buy(erin, 'gc-10k', 'card', card(TEST_CARDS.success));
    await h.provider().drain();
    const res = await h.app().inject({ method: 'GET', url: '/rest/player/transactions/?limit=10', headers: { cookie: erin.cookie } });
    expect(res.statusCode).toBe(200);
    const { items, nextCursor } = (res.json() as { data: { items: Record<string, unknown>[]; nextCursor: number | null } }).data;
    expect(nextCursor).toBeNull();
    expect(items[0]).toMatchObject({ type: 'purchase', paymentId: answer.paymentId, packageId: 'gc-10k', amountCents: 999, methodId: 'card', cardLast4: '4242', goldCoins: 10000, fortuneCoins: 10 });
    expect(items.slice(1).every((i) => i.type === 'bonus')).toBe(true);
    // Plays of one session are summarized (a bet taking unplayed and redeemable coins is one round).
    const round = async (nonce: number, bet: number, win: number) => {
      const metadata = { gameId: 'test-slot', session: 'session-1', nonce };
      await play(h.db(), { idempotencyKey: `hist-${erin.id}-${nonce}`, playerId: erin.id, currency: 'FC', amount: bet, metadata });
      if (win > 0) await transfer(h.db(), { idempotencyKey: `hist-${erin.id}-${nonce}:win`, from: { system: 'game_play' }, to: { playerId: erin.id, kind: 'player_redeemable' }, currency: 'FC', amount: win, reason: 'game_win', metadata });
    };
    await round(1, 500, 0);
    await round(2, 400, 800);
    await round(3, 1000, 0); // 200 unplayed left + 800 redeemable: two legs, one round
    const plays = (await h.app().inject({ method: 'GET', url: '/rest/player/transactions/?limit=10', headers: { cookie: erin.cookie } })).json() as { data: { items: Record<string, unknown>[] } };
    expect(plays.data.items[0]).toMatchObject({ type: 'play', gameId: 'test-slot', sessionId: 'session-1', currency: 'FC', rounds: 3, betTotal: 19, winTotal: 8 });
    expect(plays.data.items[1]).toMatchObject({ type: 'purchase', paymentId: answer.paymentId });
    const page = await h.app().inject({ method: 'GET', url: '/rest/player/transactions/?limit=1', headers: { cookie: erin.cookie } });
    const first = (page.json() as { data: { items: unknown[]; nextCursor: number | null } }).data;
    expect(first.nextCursor).not.toBeNull();
    const next = await h.app().inject({ method: 'GET', url: `/rest/player/transactions/?limit=50&cursor=${first.nextCursor}`, headers: { cookie: erin.cookie } });
    expect(next.statusCode).toBe(200);
  });
});

describe.each(dialectsUnderTest())('sandbox provider chaos (duplicates and reordering) on %s', (dialect) => {
  const h = harness(dialect, { PAYMENTS_SANDBOX_DUPLICATE_RATE: '1', PAYMENTS_SANDBOX_REORDER_RATE: '0.5' });
  beforeAll(async () => h.setup());
  afterAll(async () => h.ctx.t.close());

  it('credits every payment exactly once whatever the delivery order', async () => {
    const frank = await h.signUp();
    const before = await getPlayerBalance(h.db(), frank.id);
    const answers = [] as { paymentId: string; status: string; challengeUrl?: string }[];
    for (let i = 0; i < 4; i++) answers.push(await h.buy(frank, 'gc-5k', 'card', card(TEST_CARDS.success)));
    answers.push(await h.buy(frank, 'gc-5k', 'bank'));
    const secure = await h.buy(frank, 'gc-5k', 'card', card(TEST_CARDS.threeDSecure));
    answers.push(secure);
    for (let round = 0; round < 6; round++) {
      await h.provider().drain();
      if (round === 1) await h.app().inject({ method: 'POST', url: new URL(secure.challengeUrl!).pathname, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'outcome=approve' });
      h.clock.advance(31_000);
    }
    await h.provider().drain();
    const jobs = await h.db().selectFrom('jobs').select(['status', 'kind']).where('kind', 'like', 'payments-sandbox.%').execute();
    expect(jobs.filter((j) => j.kind === 'payments-sandbox.deliver').length).toBeGreaterThan(answers.length * 2 - 1);
    expect(jobs.every((j) => j.status === 'done')).toBe(true);
    for (const answer of answers) {
      expect(await h.paymentRow(answer.paymentId)).toMatchObject({ status: 'complete' });
      expect(await h.credits(answer.paymentId)).toHaveLength(2);
    }
    const after = await getPlayerBalance(h.db(), frank.id);
    expect(after.tourPoints - before.tourPoints).toBe(6 * 5000);
    expect(await readDepositsCount(h.ctx.t.app.deps, frank.id)).toBe(6);
    expect(await h.pushes(frank.id, 'deposit')).toHaveLength(6);
    await expectLedgerBalanced(h.db());
  });
});

describe.each(dialectsUnderTest())('sandbox provider webhooks over HTTP on %s', (dialect) => {
  it('delivers signed webhooks to PAYMENTS_SANDBOX_WEBHOOK_URL with the background worker', async () => {
    const { createServer } = await import('node:http');
    const received: { signature: string | undefined; body: string }[] = [];
    const holder: { target?: TestApp } = {};
    // A relay standing in for a load balancer: records what arrives over HTTP and passes it on.
    const relay = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const signature = req.headers[SIGNATURE_HEADER];
        received.push({ signature: typeof signature === 'string' ? signature : undefined, body });
        void holder.target!.app
          .inject({ method: 'POST', url: req.url ?? '/', headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: String(signature) }, payload: body })
          .then((answer) => res.writeHead(answer.statusCode).end(answer.body));
      });
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const address = relay.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const t = (holder.target = await createTestApp(dialect, {
      seed: true,
      env: { PAYMENTS_SANDBOX_MODE: 'deterministic', PAYMENTS_SANDBOX_WORKER: 'true', PAYMENTS_SANDBOX_WEBHOOK_URL: `http://127.0.0.1:${port}/rest/cash/webhook/sandbox/` },
    }));
    try {
      const { cookie, uuid } = await signUpViaApi(t.app, `http.${dialect}@example.com`);
      const player = (await findPlayerByUuid(t.database.db, uuid))!;
      const res = await t.app.inject({ method: 'POST', url: '/rest/cash/deposit/', headers: { cookie }, payload: { presetId: 'gc-5k', methodId: 'card', card: card(TEST_CARDS.success), idempotencyKey: newKey() } });
      const { paymentId } = (res.json() as { data: { paymentId: string } }).data;
      let status = '';
      for (let i = 0; i < 100 && status !== 'complete'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        status = (await t.database.db.selectFrom('cashier_payments').select('status').where('id', '=', paymentId).executeTakeFirstOrThrow()).status;
      }
      expect(status).toBe('complete');
      expect(received).toHaveLength(1);
      expect(received[0]!.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(JSON.parse(received[0]!.body)).toMatchObject({ type: 'payment.succeeded', data: { reference: paymentId } });
      expect(await readDepositsCount(t.app.deps, player.id)).toBe(1);
      await expectLedgerBalanced(t.database.db);
    } finally {
      await t.close();
      await new Promise((resolve) => relay.close(resolve));
    }
  });
});
