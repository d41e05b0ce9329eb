import { setTimeout as sleep } from 'node:timers/promises';
import { getPlayerBalance } from '@sweepstack/db/repositories/ledger/balances';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_ENV, operatorCookie } from '../../kyc/testing';
import { TEST_CARDS } from '../../payments/sandbox-provider/cards';
import { sandboxProviderOf } from '../../routes/cashier/provider-registry';
import { ManualClock } from '../../testing/auth-helpers';
import { DETERMINISTIC_SANDBOX, featureTestApp } from '../../testing/feature-test-app';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Noon in New York (the default operator time zone) on Friday 2027-01-08 (ISO weekday 5). */
const START_MS = Date.parse('2027-01-08T17:00:00Z');

interface Player {
  cookie: string;
  id: number;
}

interface Preset {
  id: string;
  coins: number;
  isLimitPerDayReason: boolean;
  isMinBalanceReason: boolean;
  promoOffer?: true;
}

describe.each(dialectsUnderTest())('promo offers on %s', (dialect) => {
  const clock = new ManualClock(START_MS);
  let keys = 0;
  const h = featureTestApp(dialect, { name: 'promo', clock, env: DETERMINISTIC_SANDBOX }).hooks();
  const db = h.db;
  let app: FastifyInstance;
  beforeAll(() => {
    app = h.app();
  });

  const signUp = (): Promise<Player> => h.signUp();
  const headers = (player?: Player | null) => (player ? { cookie: player.cookie } : {});
  const deposit = (player: Player, presetId: string) =>
    app.inject({ method: 'POST', url: '/rest/cash/deposit/', headers: headers(player), payload: { presetId, methodId: 'card', card: { number: TEST_CARDS.success, expMonth: 12, expYear: 2030, cvc: '123' }, idempotencyKey: `promo-key-${++keys}` } });
  /** Buys and waits for the webhook's credit. */
  const buy = async (player: Player, presetId: string) => {
    const res = await deposit(player, presetId);
    expect(res.statusCode, res.body).toBe(200);
    const paymentId = res.json().data.paymentId as string;
    await sandboxProviderOf(app).drain();
    const row = await db().selectFrom('cashier_payments').select('status').where('id', '=', paymentId).executeTakeFirstOrThrow();
    expect(row.status).toBe('complete');
    return paymentId;
  };
  const expectRefused = async (player: Player, presetId: string, code: string) => {
    const payments = async () => (await db().selectFrom('cashier_payments').select('id').where('player_id', '=', player.id).execute()).length;
    const sandbox = async () => (await db().selectFrom('sandbox_payments').select('id').execute()).length;
    const before = { payments: await payments(), sandbox: await sandbox(), balance: await getPlayerBalance(db(), player.id) };
    const res = await deposit(player, presetId);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.code).toBe(code);
    // Refused before any money moves: no payment row, nothing at the provider, the balance unchanged.
    expect(await payments()).toBe(before.payments);
    expect(await sandbox()).toBe(before.sandbox);
    expect(await getPlayerBalance(db(), player.id)).toEqual(before.balance);
  };
  const sets = async (player?: Player | null) => {
    const res = await app.inject({ method: 'GET', url: '/rest/available-sets/check/', headers: headers(player) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { packages: Preset[]; promoOffers: { bundle: { id: string; type: string; promoOffers: { id: string; step: number; current: boolean; bought: boolean }[] }[] } };
  };
  const appInit = async (player?: Player | null) => (await app.inject({ method: 'GET', url: '/rest/app/init/', headers: headers(player) })).json().data;
  const check = (player: Player | null, body: Record<string, unknown>) => app.inject({ method: 'POST', url: '/rest/promo-offers-bundle/check-availability/', headers: headers(player), payload: body });
  const subscribe = (player: Player | null, urlHash: string) => app.inject({ method: 'POST', url: '/rest/cash/promo-offer-preset/subscribe/', headers: headers(player), payload: { urlHash } });
  const flip = (player: Player | null, set: string) => app.inject({ method: 'POST', url: `/rest/cash/promo-offer-preset/flip-the-coin/?promoOfferSet=${encodeURIComponent(set)}`, headers: headers(player) });
  const operator = async () => ({ cookie: await operatorCookie(app, OPERATOR_ENV.OPERATOR_BOOTSTRAP_EMAIL, OPERATOR_ENV.OPERATOR_BOOTSTRAP_PASSWORD) });
  const putPreset = async (id: string, patch: Record<string, unknown>) => {
    const res = await app.inject({ method: 'PUT', url: `/api/operator/promo-offers/presets/${id}/`, headers: await operator(), payload: { ...BASE_PRESET, ...patch } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const settle = async (what: string, done: () => Promise<boolean>) => {
    for (let i = 0; i < 200; i++) {
      if (await done()) return;
      await sleep(25);
    }
    throw new Error(`timed out waiting for ${what}`);
  };

  it('shows a guest the welcome offer (app init, the packages list, the welcome pack) and keeps link, flip and later steps hidden', async () => {
    const init = await appInit();
    expect(init.bannerPresetPackage).toMatchObject({ id: 'welcome-1', bundleId: 'welcome-pack', coins: 25000, entries: 10, priceCents: 499, usualPriceCents: 999, promoOffer: true });
    expect(init.popupPresetPackage).toMatchObject({ id: 'welcome-1' });
    const data = await sets();
    const ids = data.packages.map((p) => p.id);
    expect(ids.slice(0, 2)).toEqual(['welcome-1', 'daily-deal']);
    for (const hidden of ['welcome-2', 'welcome-3', 'spring-boost', 'flip-heads', 'flip-tails', 'weekend-boost']) expect(ids).not.toContain(hidden);
    expect(ids).toContain('gc-10k');
    expect(data.promoOffers.bundle).toEqual([
      expect.objectContaining({ id: 'welcome-pack', type: 'welcomePack', promoOffers: [expect.objectContaining({ id: 'welcome-1', step: 1, current: true }), expect.objectContaining({ id: 'welcome-2', current: false }), expect.objectContaining({ id: 'welcome-3', current: false })] }),
    ]);
    const configs = await app.inject({ method: 'GET', url: '/rest/promo-offers-bundle/configs/?locale=es' });
    expect(configs.statusCode, configs.body).toBe(200);
    expect(configs.json().data.bundles[0]).toMatchObject({ id: 'welcome-pack', title: 'Pack de bienvenida' });
    // Guests are told to sign in for everything that is theirs.
    expect((await check(null, { promoOfferBundleId: 'welcome-pack', promoOfferId: 'welcome-1' })).statusCode).toBe(401);
    expect((await subscribe(null, 'spring-boost-7Qm2')).statusCode).toBe(401);
    expect((await flip(null, 'lucky-flip')).statusCode).toBe(401);
  });

  it('sells the welcome pack step by step, once each, and drops the welcome offer after the first purchase', async () => {
    const player = await signUp();
    expect((await appInit(player)).popupPresetPackage).toMatchObject({ id: 'welcome-1' });
    await expectRefused(player, 'welcome-2', 'PROMO_OFFER_STEP_LOCKED');
    const before = await getPlayerBalance(db(), player.id);
    await buy(player, 'welcome-1');
    const after = await getPlayerBalance(db(), player.id);
    expect(after.coins - before.coins).toBe(25000);
    expect(after.entries - before.entries).toBe(1000);
    await settle('the welcome offer to leave app init', async () => (await appInit(player)).popupPresetPackage === null);
    expect((await appInit(player)).bannerPresetPackage).toBeNull();
    await expectRefused(player, 'welcome-1', 'PROMO_OFFER_STEP_BOUGHT');
    const step1 = await check(player, { promoOfferBundleId: 'welcome-pack', promoOfferId: 'welcome-1' });
    expect(step1.statusCode, step1.body).toBe(200);
    expect(step1.json()).toMatchObject({ success: true, data: { available: false, unavailabilityReasons: ['stepBought', 'firstPurchaseOnly'] }, unavailabilityReasons: ['stepBought', 'firstPurchaseOnly'] });
    expect((await check(player, { promoOfferBundleId: 'welcome-pack', promoOfferId: 'welcome-2' })).json().data).toEqual({ available: true, unavailabilityReasons: [] });
    expect((await check(player, { promoOfferBundleId: 'welcome-pack', promoOfferId: 'welcome-3' })).json().data).toEqual({ available: false, unavailabilityReasons: ['stepLocked'] });
    expect((await sets(player)).promoOffers.bundle[0]!.promoOffers.map((o) => [o.id, o.current, o.bought])).toEqual([
      ['welcome-1', false, true],
      ['welcome-2', true, false],
      ['welcome-3', false, false],
    ]);
    await buy(player, 'welcome-2');
    await buy(player, 'welcome-3');
    // Every step bought: the pack leaves the cashier's list.
    expect((await sets(player)).promoOffers.bundle).toEqual([]);
    await expectRefused(player, 'welcome-3', 'PROMO_OFFER_STEP_BOUGHT');
  });

  it('answers the promotion cards: the welcome pack step to buy and the daily deal, bought out until tomorrow', async () => {
    const player = await signUp();
    const page = async () => {
      const res = await app.inject({ method: 'GET', url: '/rest/page/promotions/?locale=es', headers: headers(player) });
      expect(res.statusCode, res.body).toBe(200);
      const payload = res.json().payload as { promotions: { key: string; type: string; data: Record<string, unknown>; link: { to?: string }; availableAtMs: number | null }[]; available_soon: { key: string; availableAtMs: number | null }[] };
      return { ...payload, all: [...payload.promotions, ...payload.available_soon] };
    };
    const first = await page();
    expect(first.promotions.find((p) => p.type === 'offerDeposit')).toMatchObject({
      key: 'promo-offers:offerDeposit:welcome-pack',
      data: { presetId: 'welcome-1', title: 'Pack de bienvenida', step: 1, steps: 3, coins: 25000, priceCents: 499, usualPriceCents: 999 },
      link: { to: '/#/cash/deposit-by-money/welcome-1/promoOffer/' },
    });
    expect(first.promotions.find((p) => p.key === 'promo-offers:offerPeriodic:daily-deal')).toMatchObject({ data: { presetId: 'daily-deal', limitPerDay: 1, boughtOut: false }, availableAtMs: null });
    // Saturday's offer is not on sale on this Friday: no card.
    expect(first.all.map((p) => p.key)).not.toContain('promo-offers:offerPeriodic:weekend-boost');
    await buy(player, 'daily-deal');
    const after = await page();
    expect(after.promotions.find((p) => p.type === 'offerDeposit')).toBeUndefined();
    expect(after.available_soon.find((p) => p.key === 'promo-offers:offerPeriodic:daily-deal')).toMatchObject({ availableAtMs: Date.parse('2027-01-09T05:00:00Z') });
  });

  it('answers check-availability for unknown packs and offers outside the pack with a 404', async () => {
    const player = await signUp();
    for (const body of [{ promoOfferBundleId: 'nope', promoOfferId: 'welcome-1' }, { promoOfferBundleId: 'welcome-pack', promoOfferId: 'daily-deal' }, { promoOfferBundleId: 'welcome-pack', promoOfferId: 'nope' }]) {
      const res = await check(player, body);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error.code).toBe('PROMO_OFFER_BUNDLE_NOT_FOUND');
    }
    expect((await check(player, { promoOfferBundleId: 'welcome-pack' })).statusCode).toBe(400);
  });

  it('keeps the welcome offer for a first purchase: a player who bought a regular package is refused it', async () => {
    const player = await signUp();
    await buy(player, 'gc-5k');
    expect((await sets(player)).packages.map((p) => p.id)).not.toContain('welcome-1');
    await expectRefused(player, 'welcome-1', 'PROMO_OFFER_FIRST_PURCHASE_ONLY');
  });

  it('applies a promo link: unknown hash refused, the offer sold only after subscribing, once a day', async () => {
    const player = await signUp();
    const unknown = await subscribe(player, 'not-a-link');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('PROMO_OFFER_LINK_UNKNOWN');
    expect((await subscribe(player, '')).statusCode).toBe(400);
    await expectRefused(player, 'spring-boost', 'PROMO_OFFER_LINK_REQUIRED');
    expect((await sets(player)).packages.map((p) => p.id)).not.toContain('spring-boost');
    const res = await subscribe(player, 'spring-boost-7Qm2');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, presetId: 'spring-boost' });
    // Applying the same link again answers the same.
    expect((await subscribe(player, 'spring-boost-7Qm2')).json()).toEqual({ success: true, presetId: 'spring-boost' });
    expect((await sets(player)).packages.find((p) => p.id === 'spring-boost')).toMatchObject({ isLimitPerDayReason: false });
    await buy(player, 'spring-boost');
    expect((await sets(player)).packages.find((p) => p.id === 'spring-boost')).toMatchObject({ isLimitPerDayReason: true });
    await expectRefused(player, 'spring-boost', 'PROMO_OFFER_DAILY_LIMIT');
    // Another player without the link still cannot buy it.
    await expectRefused(await signUp(), 'spring-boost', 'PROMO_OFFER_LINK_REQUIRED');
  });

  it('lets one of two parallel purchases of a once-a-day offer through', async () => {
    const player = await signUp();
    await subscribe(player, 'spring-boost-7Qm2');
    const answers = await Promise.all([deposit(player, 'spring-boost'), deposit(player, 'spring-boost')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().error.code).toBe('PROMO_OFFER_DAILY_LIMIT');
    await sandboxProviderOf(app).drain();
  });

  it('refuses an expired offer and its link; operator edits are audited', async () => {
    const player = await signUp();
    await putPreset('old-link', { urlHash: 'old-link-hash', subscriptionRequired: true, availableTill: new Date(clock.nowMs() - 1000).toISOString() });
    const res = await subscribe(player, 'old-link-hash');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('PROMO_OFFER_EXPIRED');
    await expectRefused(player, 'old-link', 'PROMO_OFFER_EXPIRED');
    const audit = await db().selectFrom('operator_audit').select(['action', 'target_id']).where('action', 'like', 'promo-offers.preset.%').execute();
    expect(audit).toEqual(expect.arrayContaining([{ action: 'promo-offers.preset.create', target_id: 'old-link' }]));
    // A regular package cannot be turned into an offer; bad input is a 400; players and guests are refused.
    const regular = await app.inject({ method: 'PUT', url: '/api/operator/promo-offers/presets/gc-10k/', headers: await operator(), payload: BASE_PRESET });
    expect(regular.statusCode).toBe(400);
    expect((await app.inject({ method: 'PUT', url: '/api/operator/promo-offers/presets/x/', headers: await operator(), payload: { ...BASE_PRESET, dayOfWeek: 8 } })).statusCode).toBe(400);
    expect((await app.inject({ method: 'PUT', url: '/api/operator/promo-offers/presets/x/', headers: headers(player), payload: BASE_PRESET })).statusCode).toBe(401);
  });

  it('offers the minimum-balance deal only below its Gold Coin balance', async () => {
    const player = await signUp();
    const coins = (await getPlayerBalance(db(), player.id)).coins;
    await putPreset('low-balance', { minBalance: coins, sortOrder: 4 });
    const listed = (await sets(player)).packages.find((p) => p.id === 'low-balance');
    expect(listed).toMatchObject({ isMinBalanceReason: true, isLimitPerDayReason: false });
    await expectRefused(player, 'low-balance', 'PROMO_OFFER_BALANCE_TOO_HIGH');
    await putPreset('low-balance', { minBalance: coins + 1, sortOrder: 4 });
    expect((await sets(player)).packages.find((p) => p.id === 'low-balance')).toMatchObject({ isMinBalanceReason: false });
    await buy(player, 'low-balance');
    // The purchase's Gold Coins put the balance over the minimum: offered no more.
    await expectRefused(player, 'low-balance', 'PROMO_OFFER_BALANCE_TOO_HIGH');
  });

  it('flips the coin: an offer from the set by the fair seed, held until bought, then once per cooldown', async () => {
    const player = await signUp();
    const unknown = await flip(player, 'no-such-set');
    expect(unknown.statusCode, unknown.body).toBe(200);
    expect(unknown.json()).toEqual({ success: false, reasonType: 'no_offers_found', data: { presetId: null, availableAt: null } });
    expect((await flip(player, '')).statusCode).toBe(400);
    const seed = async () => Number((await db().selectFrom('fairness_seeds').select('next_nonce').where('player_id', '=', player.id).where('status', '=', 'active').executeTakeFirst())?.next_nonce ?? 0);
    const first = await flip(player, 'lucky-flip');
    expect(first.statusCode, first.body).toBe(200);
    const flipped = first.json();
    expect(flipped).toMatchObject({ success: true, reasonType: null });
    const presetId = flipped.data.presetId as string;
    expect(['flip-heads', 'flip-tails']).toContain(presetId);
    expect(flipped.data.side).toBe(presetId === 'flip-heads' ? 'heads' : 'tails');
    expect(flipped.data.preset).toMatchObject({ id: presetId, promoOffer: true });
    expect(await seed()).toBe(flipped.data.fairness.nonce + 1);
    const other = presetId === 'flip-heads' ? 'flip-tails' : 'flip-heads';
    await expectRefused(player, other, 'PROMO_OFFER_LINK_REQUIRED');
    expect((await sets(player)).packages.map((p) => p.id)).toContain(presetId);
    // Held and not bought: the coin is not flipped again.
    expect((await flip(player, 'lucky-flip')).json()).toEqual({ success: false, reasonType: 'limit_by_promo_offers', data: { presetId, availableAt: null } });
    await buy(player, presetId);
    // Bought: its flip gave one purchase; the next flip waits for the set's 24 hours.
    const afterBuy = (await flip(player, 'lucky-flip')).json();
    expect(afterBuy).toEqual({ success: false, reasonType: 'limit_by_time', data: { presetId: null, availableAt: new Date(clock.nowMs() + DAY_MS).toISOString() } });
    clock.advance(DAY_MS - 1);
    expect((await flip(player, 'lucky-flip')).json().reasonType).toBe('limit_by_time');
    clock.advance(1);
    const again = (await flip(player, 'lucky-flip')).json();
    expect(again.success).toBe(true);
    expect((await db().selectFrom('promo_offer_flips').select('id').where('player_id', '=', player.id).execute()).length).toBe(2);
    // With no offer of the set on sale (both withdrawn), nothing is found.
    const admin = await operator();
    await app.inject({ method: 'PUT', url: '/api/operator/promo-offers/sets/empty-set/', headers: admin, payload: { cooldownHours: 1, active: true } });
    expect((await flip(player, 'empty-set')).json().reasonType).toBe('no_offers_found');
  });

  it('sells a day-of-week offer only on its day, up to its daily limit, and again the next week', async () => {
    const player = await signUp();
    // The clock is on a Friday or a Saturday here (the flip test moved it a day).
    const weekday = new Date(clock.nowMs() - 5 * HOUR_MS).getUTCDay();
    if (weekday !== 6) {
      await expectRefused(player, 'weekend-boost', 'PROMO_OFFER_WRONG_DAY');
      expect((await sets(player)).packages.map((p) => p.id)).not.toContain('weekend-boost');
      clock.advance(((6 - weekday + 7) % 7) * DAY_MS);
    }
    expect((await sets(player)).packages.map((p) => p.id)).toContain('weekend-boost');
    await buy(player, 'weekend-boost');
    await buy(player, 'weekend-boost');
    await expectRefused(player, 'weekend-boost', 'PROMO_OFFER_DAILY_LIMIT');
    clock.advance(DAY_MS);
    await expectRefused(player, 'weekend-boost', 'PROMO_OFFER_WRONG_DAY');
    clock.advance(6 * DAY_MS);
    await buy(player, 'weekend-boost');
  });

  it('credits a payment the guard allowed even when the offer ends before its webhook', async () => {
    const player = await signUp();
    await putPreset('ending-soon', { availableTill: new Date(clock.nowMs() + 60_000).toISOString(), sortOrder: 4 });
    const res = await deposit(player, 'ending-soon');
    expect(res.statusCode, res.body).toBe(200);
    clock.advance(120_000);
    const before = await getPlayerBalance(db(), player.id);
    await sandboxProviderOf(app).drain();
    expect((await getPlayerBalance(db(), player.id)).coins - before.coins).toBe(BASE_PRESET.goldCoins);
    await expectRefused(player, 'ending-soon', 'PROMO_OFFER_EXPIRED');
  });
  it('answers the public presets with a pop-up picture as app init popupPresetPackages, without link-only, switched-off or ended ones', async () => {
    const ids = (init: { popupPresetPackages: { id: string }[] }) => init.popupPresetPackages.map((p) => p.id);
    // The seed's daily deal has a pop-up picture: guests and players get it, in the spec's preset shape.
    const guest = await appInit();
    expect(guest.popupPresetPackages).toEqual([
      expect.objectContaining({ id: 'daily-deal', coins: 6000, entries: 4, priceCents: 299, usualPriceCents: 499, minBalance: 20000, imagePopup: '/images/promo-offers/daily-deal.svg', promoOffer: true }),
    ]);
    const player = await signUp();
    expect(ids(await appInit(player))).toEqual(['daily-deal']);

    const picture = '/images/promo-offers/daily-deal.svg';
    const endsAtMs = clock.nowMs() + HOUR_MS;
    await putPreset('popup-soon-over', { imagePopup: picture, availableTill: new Date(endsAtMs).toISOString(), sortOrder: 4 });
    await putPreset('popup-link-only', { imagePopup: picture, subscriptionRequired: true, urlHash: 'popup-link-only-1' });
    await putPreset('popup-switched-off', { imagePopup: picture, active: false });
    await putPreset('popup-no-picture', {});
    expect(ids(await appInit())).toEqual(['popup-soon-over', 'daily-deal']);
    expect(ids(await appInit(player))).toEqual(['popup-soon-over', 'daily-deal']);

    // The picture taken away: no longer a pop-up offer (still sold as a preset).
    await putPreset('popup-soon-over', { imagePopup: null, availableTill: new Date(endsAtMs).toISOString(), sortOrder: 4 });
    expect(ids(await appInit())).toEqual(['daily-deal']);
    await putPreset('popup-soon-over', { imagePopup: picture, availableTill: new Date(endsAtMs).toISOString(), sortOrder: 4 });
    expect(ids(await appInit(player))).toEqual(['popup-soon-over', 'daily-deal']);
    // Past its availableTill: gone without any write.
    clock.advance(2 * HOUR_MS);
    expect(ids(await appInit(player))).toEqual(['daily-deal']);
    await putPreset('popup-soon-over', { active: false });
  });
});

const BASE_PRESET = {
  priceCents: 199,
  usualPriceCents: null,
  goldCoins: 3000,
  fortuneCents: 200,
  badgeLabel: null,
  bestDeal: false,
  mostPopular: false,
  sortOrder: 20,
  urlHash: null,
  subscriptionRequired: false,
  offerSet: null,
  bundle: null,
  dayOfWeek: null,
  limitPerDay: null,
  minBalance: null,
  availableTill: null,
  firstPurchaseOnly: false,
  imagePopup: null,
  relatedPresetIds: [],
  active: true,
};
