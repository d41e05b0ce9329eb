import { ZAppInitResponse } from '@sweepstack/contracts/app/app-init';
import { ZFairnessDrawResponse, type PrizeTableOdds } from '@sweepstack/contracts/rewards/prize';
import { ZScratchCardsGetResponse, type ScratchCardsInfo } from '@sweepstack/contracts/scratch-cards/get';
import { ZScratchResponse, type ScratchAnswer } from '@sweepstack/contracts/scratch-cards/scratch';
import type { DialectName } from '@sweepstack/db/connection';
import { getPlayerBalance } from '@sweepstack/db/repositories/ledger/balances';
import { prizeCoins } from '@sweepstack/domain/rewards/prize';
import { drawSegmentIndex, parsePrizeTable } from '@sweepstack/domain/rewards/prize-table';
import { nextOperatorDayStartMs } from '@sweepstack/domain/shared/operator-day';
import { HmacRandomSource } from '@sweepstack/games/fairness/hmac-random';
import { commitServerSeed } from '@sweepstack/games/fairness/seeds';
import { expectLedgerBalanced } from '@sweepstack/testkit/ledger-invariants';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import { describe, expect, it } from 'vitest';
import { FEATURE_FINISH_JOB } from '../../jobs/kinds/feature-finish';
import { TEST_CARDS } from '../../payments/sandbox-provider/cards';
import { sandboxProviderOf } from '../../routes/cashier/provider-registry';
import { nativeHmacSha256 } from '../../games/play';
import { ManualClock } from '../../testing/auth-helpers';
import { DETERMINISTIC_SANDBOX, featureTestApp, type TestPlayer } from '../../testing/feature-test-app';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ZONE = 'America/New_York';
const PROFILE = { name: 'Ada', surname: 'Lovelace', birthday: '1990-02-03', zip: '98101', city: 'Seattle', address: '12 Main St.', phone: '+15551234567' };
let keys = 0;
const requestKey = () => `scratch-test-${++keys}-${Date.now()}`;

function recompute(table: PrizeTableOdds, seeds: { serverSeed: string; clientSeed: string; nonce: number }) {
  const parsed = parsePrizeTable({ slug: table.slug, feature: table.feature, fallbackSegment: 0, segments: table.segments.map((s) => ({ weight: s.weight, prize: s.prize })) });
  return drawSegmentIndex(parsed, new HmacRandomSource(seeds, nativeHmacSha256));
}

describe.each(dialectsUnderTest())('scratch cards on %s', (dialect: DialectName) => {
  const clock = new ManualClock(Date.parse('2026-11-26T17:00:00Z'));
  const h = featureTestApp(dialect, { name: 'scratch.', clock, env: DETERMINISTIC_SANDBOX }).hooks();

  const get = async (player?: TestPlayer): Promise<ScratchCardsInfo> => {
    const res = await h.app().inject({ method: 'GET', url: '/rest/scratch-card-lottery/get/', headers: player ? { cookie: player.cookie } : {} });
    expect(res.statusCode, res.body).toBe(200);
    return ZScratchCardsGetResponse.parse(res.json()).data;
  };
  const scratchRaw = (player: TestPlayer | null, payload: unknown) =>
    h.app().inject({ method: 'POST', url: '/rest/scratch-card-lottery/scratch/', headers: player ? { cookie: player.cookie } : {}, payload: payload as Record<string, unknown> });
  const scratch = async (player: TestPlayer, cardId: number, key = requestKey()): Promise<ScratchAnswer> => {
    const res = await scratchRaw(player, { cardId, requestKey: key });
    expect(res.statusCode, res.body).toBe(200);
    return ZScratchResponse.parse(res.json()).data;
  };
  const balance = (player: TestPlayer) => getPlayerBalance(h.db(), player.id);
  const appInit = async (player?: TestPlayer) => ZAppInitResponse.parse((await h.app().inject({ method: 'GET', url: '/rest/app/init/', headers: player ? { cookie: player.cookie } : {} })).json()).data;
  const scratchedCount = async () => Number((await h.db().selectFrom('scratch_cards').select((eb) => eb.fn.countAll().as('n')).where('scratched_at_ms', 'is not', null).executeTakeFirstOrThrow()).n);
  const rules = async (body: Record<string, unknown>) => {
    const res = await h.operator('PUT', '/scratch-cards/rules/', body);
    expect(res.statusCode, res.body).toBe(200);
  };

  it('is on as seeded; off and on again by the operator (audited): no free card while off', async () => {
    expect((await appInit()).scratchCardLottery).toEqual({ isActive: true });
    const guest = await get();
    expect(guest).toMatchObject({ isActive: true, finishedAt: null, cards: [], freeDaily: true, purchaseThresholdCents: 999 });
    expect(guest.table.segments.map((s) => s.percent)).toEqual([40, 25, 15, 10, 6, 3, 0.9, 0.1]);
    await rules({ active: false });
    expect((await appInit()).scratchCardLottery).toEqual({ isActive: false });
    // No free card while the feature is off.
    const early = await h.signUp();
    expect((await get(early)).cards).toEqual([]);

    await rules({ active: true, activationDelayMs: HOUR, lifetimeMs: 2 * DAY });
    expect((await appInit()).scratchCardLottery).toEqual({ isActive: true });
    const audit = await h.db().selectFrom('operator_audit').select(['action']).where('action', '=', 'scratch-cards.rules').execute();
    expect(audit).toHaveLength(2);
  });

  it('issues one free card a day with its outcome hidden, opens it after its timer, and pays it exactly once under concurrent scratches; /fairness verifies it', async () => {
    const player = await h.signUp();
    const first = await get(player);
    expect(first.cards).toHaveLength(1);
    const card = first.cards[0]!;
    expect(card).toMatchObject({ status: 'ready_for_activate', source: 'free', prize: { entries: null, coins: null }, timer: clock.nowMs() + HOUR, expiresAt: clock.nowMs() + 2 * DAY, drawId: null });
    // A second look the same day issues nothing more.
    expect((await get(player)).cards.map((c) => c.id)).toEqual([card.id]);

    // Before its timer: refused, nothing written.
    const before = await balance(player);
    const early = await scratchRaw(player, { cardId: card.id, requestKey: requestKey() });
    expect([early.statusCode, early.json().error.code]).toEqual([409, 'SCRATCH_CARDS_NOT_READY']);
    expect(await balance(player)).toEqual(before);

    clock.advance(HOUR);
    expect((await get(player)).cards[0]).toMatchObject({ status: 'available', timer: card.expiresAt });
    const results = await Promise.all(Array.from({ length: 4 }, () => scratchRaw(player, { cardId: card.id, requestKey: requestKey() })));
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(results.filter((r) => r.statusCode !== 200).map((r) => r.json().error.code)).toEqual(['SCRATCH_CARDS_ALREADY_SCRATCHED', 'SCRATCH_CARDS_ALREADY_SCRATCHED', 'SCRATCH_CARDS_ALREADY_SCRATCHED']);
    const answer = ZScratchResponse.parse(ok[0]!.json()).data;
    const coins = prizeCoins(answer.prize);
    const after = await balance(player);
    expect(after.coins - before.coins).toBe(coins.gc);
    expect(answer.prize).toEqual(answer.draw.segmentPrize);
    expect(answer.card).toMatchObject({ status: 'scratched', prize: { coins: coins.gc, entries: coins.fcCents / 100 }, timer: null, drawId: answer.draw.drawId });
    await expectLedgerBalanced(h.db());

    // The same key again answers the same scratch and pays nothing; the key on another card is refused.
    const key = requestKey();
    const other = await h.signUp();
    const otherCard = (await get(other)).cards[0]!;
    clock.advance(HOUR);
    const mine = await scratch(other, otherCard.id, key);
    expect(await scratch(other, otherCard.id, key)).toEqual({ ...mine, replayed: true });
    const reused = await scratchRaw(other, { cardId: card.id, requestKey: key });
    expect(reused.json().error.code).toBe('SCRATCH_CARDS_KEY_REUSED');
    expect(await balance(player)).toEqual(after);

    // /fairness recomputes the draw made at issue once the seed is revealed.
    await h.app().inject({ method: 'POST', url: '/rest/fairness/rotate/', headers: { cookie: player.cookie, 'content-type': 'application/json' }, payload: {} });
    const proof = ZFairnessDrawResponse.parse((await h.app().inject({ method: 'GET', url: `/rest/fairness/draws/${answer.draw.drawId}/`, headers: { cookie: player.cookie } })).json()).data;
    expect(proof.feature).toBe('scratch-cards');
    expect(commitServerSeed(proof.serverSeed!)).toBe(answer.draw.serverSeedHash);
    expect(recompute(proof.table, { serverSeed: proof.serverSeed!, clientSeed: answer.draw.clientSeed, nonce: answer.draw.nonce })).toEqual({ index: answer.draw.segmentIndex, ticket: answer.draw.ticket });

    // The next operator day brings the next free card; the old one is listed after it, scratched.
    clock.advance(nextOperatorDayStartMs(clock.nowMs(), ZONE) - clock.nowMs() + 1000);
    const next = await get(player);
    expect(next.cards.map((c) => [c.source, c.status])).toEqual([['free', 'ready_for_activate'], ['free', 'scratched']]);
  });

  it('moves an unscratched card to the mailbox at its expiry, where it can still be scratched', async () => {
    const player = await h.signUp();
    const card = (await get(player)).cards[0]!;
    clock.advance(2 * DAY + 1000);
    const info = await get(player);
    // The new day's free card first, then the expired one (the mailbox).
    expect(info.cards.map((c) => c.status)).toEqual(['ready_for_activate', 'expired']);
    expect(info.cards[1]).toMatchObject({ id: card.id, timer: null, prize: { coins: null, entries: null } });
    const before = await balance(player);
    const answer = await scratch(player, card.id);
    expect((await balance(player)).coins - before.coins).toBe(prizeCoins(answer.prize).gc);
  });

  it('issues one card for a purchase over the threshold (once per payment), none below it', async () => {
    await rules({ activationDelayMs: 0 });
    const player = await h.signUp();
    await get(player);
    const buy = async (presetId: string) => {
      const res = await h.app().inject({ method: 'POST', url: '/rest/cash/deposit/', headers: { cookie: player.cookie }, payload: { presetId, methodId: 'card', card: { number: TEST_CARDS.success, expMonth: 12, expYear: 2030, cvc: '123' }, idempotencyKey: requestKey() } });
      expect(res.statusCode, res.body).toBe(200);
      await sandboxProviderOf(h.app()).drain();
      await h.settle();
    };
    await buy('gc-5k');
    expect((await get(player)).cards.filter((c) => c.source === 'purchase')).toEqual([]);
    await buy('gc-10k');
    await sandboxProviderOf(h.app()).drain();
    await h.settle();
    const bought = (await get(player)).cards.filter((c) => c.source === 'purchase');
    expect(bought).toEqual([expect.objectContaining({ status: 'available', prize: { coins: null, entries: null } })]);
    const rows = await h.db().selectFrom('scratch_cards').select('source_key').where('player_id', '=', player.id).where('source', '=', 'purchase').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.source_key).toMatch(/^payment:/);
    await scratch(player, bought[0]!.id);
  });

  it('refuses guests, bad input, others\' cards, self-exclusion, cooling off and restricted states with stable codes, writing nothing', async () => {
    const player = await h.signUp();
    const card = (await get(player)).cards[0]!;
    const scratchedBefore = await scratchedCount();
    const before = await balance(player);
    const guest = await scratchRaw(null, { cardId: card.id, requestKey: requestKey() });
    expect([guest.statusCode, guest.json().error.code]).toEqual([401, 'AUTH_REQUIRED']);
    for (const payload of [{ cardId: card.id }, { cardId: card.id, requestKey: 'short' }, { cardId: -1, requestKey: requestKey() }, { cardId: 'x', requestKey: requestKey() }, { cardId: card.id, requestKey: requestKey(), extra: 1 }]) {
      const res = await scratchRaw(player, payload);
      expect([res.statusCode, res.json().error.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    const stranger = await h.signUp();
    for (const cardId of [card.id, 2 ** 31 - 1]) {
      const res = await scratchRaw(stranger, { cardId, requestKey: requestKey() });
      expect([res.statusCode, res.json().error.code]).toEqual([404, 'SCRATCH_CARDS_CARD_NOT_FOUND']);
    }
    for (const [status, code] of [['SELF_EXCLUDED', 'SCRATCH_CARDS_SELF_EXCLUDED'], ['COOLING_OFF', 'SCRATCH_CARDS_COOLING_OFF']] as const) {
      await h.db().updateTable('players').set({ account_status: status }).where('id', '=', player.id).execute();
      const res = await scratchRaw(player, { cardId: card.id, requestKey: requestKey() });
      expect([res.statusCode, res.json().error.code]).toEqual([403, code]);
    }
    await h.db().updateTable('players').set({ account_status: 'ACTIVE' }).where('id', '=', player.id).execute();
    expect(await balance(player)).toEqual(before);
    const profile = await h.app().inject({ method: 'POST', url: '/rest/player/profile/', headers: { cookie: player.cookie }, payload: { ...PROFILE, state: 'WA' } });
    expect(profile.statusCode, profile.body).toBe(200);
    // A completed profile pays its own reward after the commit (the referral feature): wait for it, then compare from here.
    await h.settle();
    const beforeRestricted = await balance(player);
    const restricted = await scratchRaw(player, { cardId: card.id, requestKey: requestKey() });
    expect([restricted.statusCode, restricted.json().error.code]).toEqual([403, 'SCRATCH_CARDS_STATE_RESTRICTED']);
    expect(await scratchedCount()).toBe(scratchedBefore);
    expect(await balance(player)).toEqual(beforeRestricted);
    // No free card for a restricted state the next day either.
    clock.advance(DAY);
    expect((await get(player)).cards.map((c) => c.id)).toEqual([card.id]);
  });

  it('refuses a table a card cannot pay, versions a good one, and ends on time through the finish timer', async () => {
    const bad = await h.operator('PUT', '/scratch-cards/table/', { fallbackSegment: 0, segments: [{ weight: 1, prize: { kind: 'multiplier', factor: 2 } }] });
    expect([bad.statusCode, bad.json().error.code]).toEqual([400, 'SCRATCH_CARDS_INVALID_TABLE']);
    const table = (await get()).table;
    const good = await h.operator('PUT', '/scratch-cards/table/', { fallbackSegment: 0, segments: table.segments.map((s) => ({ weight: s.weight, prize: s.prize })).reverse() });
    expect(good.statusCode, good.body).toBe(200);
    expect((await get()).table.version).toBe(table.version + 1);
    const overview = (await h.operator('GET', '/scratch-cards/')).json().data as { expectation: { gc: number } };
    expect(overview.expectation.gc).toBeCloseTo(1480, 6);

    const finishAt = clock.nowMs() + 2 * HOUR;
    await rules({ finishesAtMs: finishAt });
    const player = await h.signUp();
    expect((await appInit(player)).featureTimes?.['scratch-cards']).toMatchObject({ finishesAtMs: finishAt });
    clock.advance(2 * HOUR);
    expect(await h.app().jobs.runner.runDue({ kinds: [FEATURE_FINISH_JOB] })).toBe(1);
    await h.settle();
    expect((await appInit(player)).scratchCardLottery).toEqual({ isActive: false });
    expect((await get(player)).isActive).toBe(false);
  });
});
