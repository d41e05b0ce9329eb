import { ZFeaturesGamesInfoResponse } from '@sweepstack/contracts/app/features-games-info';
import { ZCheckRewardsResponse, ZPlayerRewardsResponse, ZReferralFeatureInfo, ZReferralInfoResponse, ZReferrerInfoCookie } from '@sweepstack/contracts/referral/rewards';
import type { DialectName } from '@sweepstack/db/connection';
import { getPlayerBalance } from '@sweepstack/db/repositories/ledger/balances';
import { findPlayerByUuid } from '@sweepstack/db/repositories/players';
import { expectLedgerBalanced } from '@sweepstack/testkit/ledger-invariants';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile, OPERATOR_ENV, operatorCookie, sampleDocuments } from '../../kyc/testing';
import { TEST_CARDS } from '../../payments/sandbox-provider/cards';
import { recordPush } from '../../realtime/push';
import { creditPlayer } from '../../rewards/credit-player';
import { sandboxProviderOf } from '../../routes/cashier/provider-registry';
import { ADULT_BIRTHDAY, GOOD_PASSWORD, ManualClock, sessionCookieOf } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { onProgress } from './rewards';

const SANDBOX = { PAYMENTS_SANDBOX_MODE: 'deterministic', PAYMENTS_SANDBOX_WORKER: 'false', PAYMENTS_SANDBOX_DUPLICATE_RATE: '0', PAYMENTS_SANDBOX_REORDER_RATE: '0' };
const DAY = 86_400_000;
const OTHER_CARD = '4111111111111111';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Player {
  cookie: string;
  id: number;
  ua: string;
  email: string;
}

describe.each(dialectsUnderTest())('referral and player rewards on %s', (dialect: DialectName) => {
  const clock = new ManualClock(Date.parse('2027-01-08T17:00:00Z'));
  let t: TestApp;
  let players = 0;
  let keys = 0;
  const app = () => t.app;
  const db = () => t.database.db;

  let operatorSession: string | null = null;
  const operator = async (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) => {
    const send = (cookie: string) => app().inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
    operatorSession ??= await operatorCookie(app(), OPERATOR_ENV.OPERATOR_BOOTSTRAP_EMAIL, OPERATOR_ENV.OPERATOR_BOOTSTRAP_PASSWORD);
    const res = await send(operatorSession);
    if (res.statusCode !== 401) return res;
    // The clock moved past the operator's session.
    operatorSession = await operatorCookie(app(), OPERATOR_ENV.OPERATOR_BOOTSTRAP_EMAIL, OPERATOR_ENV.OPERATOR_BOOTSTRAP_PASSWORD);
    return send(operatorSession);
  };
  const settle = async (check: () => Promise<boolean>, what: string) => {
    for (let i = 0; i < 400; i++) {
      if (await check()) return;
      await sleep(25);
    }
    throw new Error(`timed out waiting for ${what}`);
  };
  const drained = () => settle(async () => (await db().selectFrom('domain_events').select('id').where('dispatched_at_ms', 'is', null).executeTakeFirst()) === undefined, 'the outbox to drain');

  /** Signs up through the API from a browser of its own (user agent), with a referral code or not. */
  const signUp = async (name: string, options: { code?: string; ua?: string } = {}): Promise<Player> => {
    const email = `${name}.${++players}.${dialect}@example.com`;
    const ua = options.ua ?? `Browser/${players} (${name})`;
    const res = await app().inject({
      method: 'POST',
      url: '/rest/auth/signup/',
      headers: { 'user-agent': ua },
      payload: { email, password: GOOD_PASSWORD, birthday: ADULT_BIRTHDAY, acceptedTerms: true, ...(options.code ? { referralCode: options.code } : {}) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = (await findPlayerByUuid(db(), res.json().data.uuid))!.id;
    return { cookie: `ss_session=${sessionCookieOf(res)}`, id, ua, email };
  };
  const call = (player: Player | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    app().inject({ method, url, headers: player ? { cookie: player.cookie, 'user-agent': player.ua } : {}, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const info = async (player: Player) => {
    const res = await call(player, 'GET', '/rest/referral/info/');
    expect(res.statusCode, res.body).toBe(200);
    return ZReferralInfoResponse.parse(res.json()).data;
  };
  const paid = async (prefix: string) =>
    (await db().selectFrom('ledger_transfers').select(['idempotency_key', 'amount']).where('idempotency_key', 'like', `${prefix}%`).orderBy('idempotency_key').execute()).map((r) => ({ key: r.idempotency_key, amount: Number(r.amount) }));
  const lastCode = async (recipient: string) => {
    const message = await db().selectFrom('outbox_messages').select('body').where('recipient', '=', recipient).orderBy('id', 'desc').executeTakeFirstOrThrow();
    return /\b(\d{6})\b/.exec(message.body)![1]!;
  };
  const confirm = async (player: Player, type: 'email' | 'phone', recipient: string) => {
    expect((await call(player, 'POST', '/rest/otp/send/', { type })).statusCode).toBe(200);
    const res = await call(player, 'POST', '/rest/otp/verify/', { type, code: await lastCode(recipient) });
    expect(res.statusCode, res.body).toBe(200);
  };
  const completeProfile = async (player: Player, phone: string) => {
    expect((await call(player, 'POST', '/rest/player/registration/complete/', { login: `Fan${player.id}`, phone })).statusCode).toBe(200);
    const res = await call(player, 'POST', '/rest/player/profile/', { name: 'Ada', surname: 'Lovelace', birthday: '1990-02-03', zip: '98101', city: 'Seattle', address: '12 Main St.', state: 'WA', phone });
    expect(res.statusCode, res.body).toBe(200);
  };
  const verifyIdentity = async (player: Player) => {
    const file = multipartFile('id.png', 'image/png', (await sampleDocuments()).png);
    const upload = await app().inject({ method: 'POST', url: '/rest/player/documents/', payload: file.payload, headers: { ...file.headers, cookie: player.cookie, 'user-agent': player.ua } });
    expect(upload.statusCode, upload.body).toBe(200);
    const approved = await operator('POST', `/api/operator/documents/${upload.json().data.id}/approve/`, {});
    expect(approved.statusCode, approved.body).toBe(200);
  };
  const buy = async (player: Player, card: string) => {
    const sets = (await app().inject({ method: 'GET', url: '/rest/available-sets/check/' })).json().data as { packages: { id: string }[] };
    const res = await call(player, 'POST', '/rest/cash/deposit/', { presetId: sets.packages[0]!.id, methodId: 'card', card: { number: card, expMonth: 12, expYear: 2030, cvc: '123' }, idempotencyKey: `referral-test-${++keys}` });
    expect(res.statusCode, res.body).toBe(200);
    await sandboxProviderOf(app()).drain();
  };
  const balance = (player: Player) => getPlayerBalance(db(), player.id);
  const promotionCards = async (player: Player) => {
    const res = await call(player, 'GET', '/rest/page/promotions/');
    expect(res.statusCode, res.body).toBe(200);
    const payload = res.json().payload as { promotions: { type: string; feature: string; data: Record<string, unknown>; link: Record<string, unknown> }[] };
    return payload.promotions.filter((card) => card.feature === 'referral');
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: true, clock, env: { ...SANDBOX, ...OPERATOR_ENV, JOBS_RUNNER: 'false' } });
  }, 120_000);
  afterEach(async () => {
    await drained();
    await expectLedgerBalanced(db());
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers check-rewards with the referral rewards, and "code not found" for an unknown code', async () => {
    const referrer = await signUp('checker');
    const { code } = await info(referrer);
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    const res = await call(null, 'GET', `/rest/rewards/check-rewards/?invited_by=${code.toLowerCase()}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = ZCheckRewardsResponse.parse(res.json()).data;
    expect(data).toMatchObject({ code, applicable: null, reason: null });
    expect(data.referralRewards).toEqual({
      registrationReferralReward: { coins: 5000, entries: 1 },
      registrationRewardWithoutCode: { coins: 0, entries: 0 },
      0: { registration: { coins: 1000, entries: 0 }, emailConfirmation: { coins: 1000, entries: 0 }, phoneConfirmation: { coins: 2000, entries: 0 }, profileComplete: { coins: 2000, entries: 0 } },
      inviteQualification: { coins: 20000, entries: 10 },
    });
    // For the code's owner: not applicable to themselves.
    expect((await call(referrer, 'GET', `/rest/rewards/check-rewards/?invited_by=${code}`)).json().data).toMatchObject({ applicable: false, reason: 'selfReferral' });
    for (const bad of ['NOPE2345', '<script>', '']) {
      const miss = await call(null, 'GET', `/rest/rewards/check-rewards/?invited_by=${encodeURIComponent(bad)}`);
      expect(miss.statusCode).toBe(404);
      expect(miss.json().error).toMatchObject({ code: 'REFERRAL_CODE_NOT_FOUND', message: 'code not found' });
    }
    expect((await call(null, 'GET', '/rest/rewards/check-rewards/')).statusCode).toBe(400);
    expect((await call(null, 'GET', '/rest/referral/info/')).statusCode).toBe(401);
    expect((await call(null, 'GET', '/rest/player/rewards/')).statusCode).toBe(401);
  });

  it('keeps a guest\'s checked code in _refcode and _referrerinfo for 365 days, and drops them for a code not found', async () => {
    const referrer = await signUp('cookie-keeper');
    const { code } = await info(referrer);
    const res = await call(null, 'GET', `/rest/rewards/check-rewards/?invited_by=${code.toLowerCase()}`);
    expect(res.statusCode, res.body).toBe(200);
    const year = 365 * 24 * 60 * 60;
    const refcode = res.cookies.find((c) => c.name === '_refcode');
    const referrerInfo = res.cookies.find((c) => c.name === '_referrerinfo');
    expect(refcode).toMatchObject({ value: code, path: '/', sameSite: 'Lax', maxAge: year });
    expect(refcode?.httpOnly).toBeFalsy();
    expect(referrerInfo).toMatchObject({ path: '/', sameSite: 'Lax', maxAge: year });
    expect(ZReferrerInfoCookie.parse(JSON.parse(decodeURIComponent(referrerInfo!.value)))).toEqual({ code, reward: { coins: 5000, entries: 1 } });

    // A code not found drops them (only when the visitor has them); a player's check sets nothing.
    const miss = await app().inject({ method: 'GET', url: '/rest/rewards/check-rewards/?invited_by=NOPE2345', headers: { cookie: `_refcode=${code}; _referrerinfo=x` } });
    expect(miss.statusCode).toBe(404);
    for (const name of ['_refcode', '_referrerinfo']) expect(miss.cookies.find((c) => c.name === name)).toMatchObject({ value: '' });
    const quiet = await call(null, 'GET', '/rest/rewards/check-rewards/?invited_by=NOPE2345');
    expect(quiet.cookies.filter((c) => c.name.startsWith('_ref'))).toEqual([]);
    const asPlayer = await call(await signUp('cookie-player'), 'GET', `/rest/rewards/check-rewards/?invited_by=${code}`);
    expect(asPlayer.statusCode).toBe(200);
    expect(asPlayer.cookies.filter((c) => c.name.startsWith('_ref'))).toEqual([]);
  });

  it('answers features-games-info with what its invited_by code gives the visitor at sign-up', async () => {
    const referrer = await signUp('games-info');
    const { code } = await info(referrer);
    const invitation = async (player: Player | null, query: string) => {
      const res = await call(player, 'GET', `/rest/features-games-info/info/${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const data = ZFeaturesGamesInfoResponse.parse(res.json()).data;
      return ZReferralFeatureInfo.parse(data.featuresInfo.referral).invitation;
    };
    const withoutCode = { coins: 0, entries: 0 };
    const guestInfo = ZFeaturesGamesInfoResponse.parse((await call(null, 'GET', '/rest/features-games-info/info/')).json()).data;
    expect(guestInfo.statusFeatures.referral).toEqual({ isActive: true });
    expect(await invitation(null, '')).toBeNull();
    expect(await invitation(null, `?invited_by=${code.toLowerCase()}&useOptimizedGames=1`)).toEqual({ code, valid: true, reason: null, reward: { coins: 5000, entries: 1 } });
    expect(await invitation(null, '?invited_by=NOPE2345')).toEqual({ code: 'NOPE2345', valid: false, reason: 'codeNotFound', reward: withoutCode });
    expect(await invitation(null, '?invited_by=%3Cscript%3E')).toEqual({ code: null, valid: false, reason: 'codeNotFound', reward: withoutCode });
    // For a player: their own code, and a code after a first code.
    expect(await invitation(referrer, `?invited_by=${code}`)).toMatchObject({ valid: false, reason: 'selfReferral' });
    const friend = await signUp('games-info-friend', { code });
    await drained();
    expect(await invitation(friend, `?invited_by=${code}`)).toMatchObject({ valid: false, reason: 'alreadyInvited', reward: withoutCode });
    expect((await call(null, 'GET', `/rest/features-games-info/info/?invited_by=${'A'.repeat(101)}`)).statusCode).toBe(400);
    // A paused program: the code gives nothing.
    const settings = (await operator('GET', '/api/operator/referral/settings/')).json().data;
    expect((await operator('PUT', '/api/operator/referral/settings/', { ...settings, active: false })).statusCode).toBe(200);
    try {
      expect(await invitation(null, `?invited_by=${code}`)).toEqual({ code, valid: false, reason: 'notActive', reward: withoutCode });
    } finally {
      expect((await operator('PUT', '/api/operator/referral/settings/', settings)).statusCode).toBe(200);
    }
  });

  it('pays the referrer once per step of a friend and the main reward once after the identity check and first purchase; the friend once per own reward', async () => {
    const referrer = await signUp('referrer');
    const { code } = await info(referrer);
    const friend = await signUp('friend', { code });
    await drained();
    expect(await paid(`player-rewards:${friend.id}:`)).toEqual([
      { key: `player-rewards:${friend.id}:registration:FC`, amount: 100 },
      { key: `player-rewards:${friend.id}:registration:GC`, amount: 5000 },
    ]);
    expect(await paid(`referral:${friend.id}:`)).toEqual([{ key: `referral:${friend.id}:registration:GC`, amount: 1000 }]);
    const before = await balance(referrer);
    // Promotion cards: the friend is asked to verify first (then to buy); the referrer's invite card counts them.
    const friendCards = await promotionCards(friend);
    expect(friendCards.map((c) => c.type)).toEqual(['invite', 'inviteQualification']);
    expect(friendCards[1]).toMatchObject({ data: { identityVerified: false, hasPurchased: false }, link: { to: '/account/#verification-title' } });
    expect((await promotionCards(referrer))[0]).toMatchObject({ type: 'invite', data: { code, friends: 1, friendReward: { coins: 5000, entries: 1 }, perFriend: { coins: 26000, entries: 10 } }, link: { to: '/referral-info/' } });

    await confirm(friend, 'email', friend.email);
    await completeProfile(friend, `+1555${String(friend.id).padStart(7, '0')}`);
    await confirm(friend, 'phone', `+1555${String(friend.id).padStart(7, '0')}`);
    await drained();
    // Many handlers for the same friend at once (as several processes' dispatchers would run them): nothing pays twice.
    await Promise.all(
      Array.from({ length: 5 }, () =>
        db().transaction().execute((trx) => onProgress({ trx, nowMs: clock.nowMs(), creditPlayer: (r) => creditPlayer(trx, r, { clock }), recordPush: (r) => recordPush(trx, r, { clock }) }, friend.id)),
      ),
    );
    expect((await info(referrer)).friends[0]).toMatchObject({ status: 'counting', steps: { profileComplete: { done: true, paid: true }, identityVerified: { done: false }, inviteQualification: { done: false, paid: false } } });

    await verifyIdentity(friend);
    await drained();
    expect(await paid(`referral:${friend.id}:inviteQualification`)).toEqual([]);
    const toBuy = (await promotionCards(friend)).find((c) => c.type === 'inviteQualification')!;
    expect(toBuy.data).toMatchObject({ identityVerified: true, hasPurchased: false });
    expect(toBuy.link.to).toBe(`/#/cash/deposit-by-money/${String(toBuy.data.presetId)}/preset/?inviteQualification=true`);
    await buy(friend, OTHER_CARD);
    await settle(async () => (await paid(`referral:${friend.id}:inviteQualification`)).length > 0, 'the main reward');
    await drained();

    expect(await paid(`referral:${friend.id}:`)).toEqual([
      { key: `referral:${friend.id}:emailConfirmation:GC`, amount: 1000 },
      { key: `referral:${friend.id}:inviteQualification:FC`, amount: 1000 },
      { key: `referral:${friend.id}:inviteQualification:GC`, amount: 20000 },
      { key: `referral:${friend.id}:phoneConfirmation:GC`, amount: 2000 },
      { key: `referral:${friend.id}:profileComplete:GC`, amount: 2000 },
      { key: `referral:${friend.id}:registration:GC`, amount: 1000 },
    ]);
    const after = await balance(referrer);
    expect(after.coins - before.coins).toBe(1000 + 2000 + 2000 + 20000);
    expect(await paid(`player-rewards:${friend.id}:`)).toEqual([
      { key: `player-rewards:${friend.id}:email:GC`, amount: 1000 },
      { key: `player-rewards:${friend.id}:phone:GC`, amount: 2000 },
      { key: `player-rewards:${friend.id}:profile:GC`, amount: 3000 },
      { key: `player-rewards:${friend.id}:registration:FC`, amount: 100 },
      { key: `player-rewards:${friend.id}:registration:GC`, amount: 5000 },
    ]);
    const rewards = ZPlayerRewardsResponse.parse((await call(friend, 'GET', '/rest/player/rewards/')).json()).data;
    expect(rewards).toEqual({
      email: { available: false, completed: true, coins: 1000, entries: 0 },
      profile: { available: false, completed: true, coins: 3000, entries: 0 },
      phone: { available: false, completed: true, coins: 2000, entries: 0 },
    });
    const referrerRewards = ZPlayerRewardsResponse.parse((await call(referrer, 'GET', '/rest/player/rewards/')).json()).data;
    expect(referrerRewards.email).toEqual({ available: true, completed: false, coins: 1000, entries: 0 });

    const view = await info(referrer);
    expect(view.friends).toHaveLength(1);
    expect(view.friends[0]).toMatchObject({
      friend: 'f***@e***.com',
      status: 'qualified',
      refusedReason: null,
      earned: { coins: 26000, entries: 10 },
      steps: {
        registration: { done: true, paid: true },
        emailConfirmation: { done: true, paid: true },
        phoneConfirmation: { done: true, paid: true },
        profileComplete: { done: true, paid: true },
        identityVerified: { done: true },
        firstPurchase: { done: true },
        inviteQualification: { done: true, paid: true },
      },
    });
    expect(view.link).toContain(`invited_by=${code}`);
    expect((await promotionCards(friend)).map((c) => c.type)).toEqual(['invite']);
    // The referrer's tabs got the qualified-reward toast.
    const pushes = (await db().selectFrom('domain_events').select('push_json').where('player_id', '=', referrer.id).where('type', '=', 'referral.rewarded').execute()).map((r) => JSON.parse(r.push_json!));
    expect(pushes.map((p) => p.data.step).sort()).toEqual(['emailConfirmation', 'inviteQualification', 'phoneConfirmation', 'profileComplete', 'registration']);
    expect(pushes.find((p) => p.data.step === 'inviteQualification')).toEqual({ type: 'referral', action: 'friendReward', data: { step: 'inviteQualification', friend: 'f***@e***.com', coins: 20000, entries: 10 } });
  });

  it('refuses self-referral, loops, a second code and unknown codes with clear errors, moving nothing; a late code within the window works', async () => {
    const a = await signUp('alpha');
    const aCode = (await info(a)).code;
    const b = await signUp('bravo', { code: aCode });
    const c = await signUp('charlie');
    await drained();
    const bCode = (await info(b)).code;
    const before = await Promise.all([a, b, c].map(balance));
    const apply = (p: Player, code: string) => call(p, 'POST', '/rest/referral/apply-code/', { code });
    const cases: [Player, string, number, string][] = [
      [a, aCode, 409, 'REFERRAL_SELF_REFERRAL'],
      [a, bCode, 409, 'REFERRAL_LOOP'],
      [b, (await info(c)).code, 409, 'REFERRAL_ALREADY_INVITED'],
      [c, 'NOPE2345', 404, 'REFERRAL_CODE_NOT_FOUND'],
    ];
    for (const [player, code, status, error] of cases) {
      const res = await apply(player, code);
      expect(res.statusCode, `${error}: ${res.body}`).toBe(status);
      expect(res.json().error.code).toBe(error);
    }
    expect((await call(a, 'GET', `/rest/rewards/check-rewards/?invited_by=${bCode}`)).json().data).toMatchObject({ applicable: false, reason: 'loop' });
    expect((await call(c, 'POST', '/rest/referral/apply-code/', { code: 5 })).statusCode).toBe(400);
    await drained();
    expect(await Promise.all([a, b, c].map(balance))).toEqual(before);
    expect(await db().selectFrom('referrals').select('friend_player_id').where('friend_player_id', 'in', [a.id, c.id]).execute()).toEqual([]);

    // Charlie enters Alpha's code late: Charlie gets the code's reward, Alpha the registration step.
    const late = await apply(c, aCode);
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json().data).toEqual({ applied: true, reward: { coins: 5000, entries: 1 } });
    await drained();
    expect(await paid(`referral:${c.id}:`)).toEqual([{ key: `referral:${c.id}:registration:GC`, amount: 1000 }]);
    expect((await apply(c, aCode)).json().error.code).toBe('REFERRAL_ALREADY_INVITED');
    expect(await paid(`player-rewards:${c.id}:lateCode`)).toHaveLength(2);

    // After the window (or a purchase) a code is refused.
    const d = await signUp('delta');
    clock.advance(8 * DAY);
    const tooLate = await apply(d, aCode);
    expect(tooLate.json().error.code).toBe('REFERRAL_TOO_LATE');
    expect((await info(d)).canApplyCode).toBe(false);
  });

  it('pays nothing for a friend on the referrer\'s browser, even after the referrer signed out', async () => {
    const referrer = await signUp('sharer', { ua: 'Shared/1.0' });
    const { code } = await info(referrer);
    // The referrer signs out (the session row goes); the browser was remembered for the device rule.
    await call(referrer, 'GET', '/rest/logout/');
    const friend = await signUp('sharee', { code, ua: 'Shared/1.0' });
    await drained();
    await confirm(friend, 'email', friend.email);
    await drained();
    expect(await paid(`referral:${friend.id}:`)).toEqual([]);
    // The friend was not treated as invited: the reward without a code (zero by default), not the code's.
    expect(await paid(`player-rewards:${friend.id}:registration`)).toEqual([]);
    expect(await paid(`player-rewards:${friend.id}:email`)).toHaveLength(1);
    const row = await db().selectFrom('referrals').select(['status', 'refused_reason']).where('friend_player_id', '=', friend.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'refused', refused_reason: 'sameDevice' });
    // Support sees the refusal to review it.
    const review = await operator('GET', '/api/operator/referral/referrals/?status=refused&limit=50');
    expect(review.statusCode, review.body).toBe(200);
    const friendUuid = (await db().selectFrom('players').select('uuid').where('id', '=', friend.id).executeTakeFirstOrThrow()).uuid;
    expect(review.json().data.find((r: { friendUuid: string }) => r.friendUuid === friendUuid)).toMatchObject({ status: 'refused', refusedReason: 'sameDevice', source: 'signup', qualified: false });
    expect((await operator('GET', '/api/operator/referral/referrals/?status=nope')).statusCode).toBe(400);
  });

  it("pays no main reward when the friend pays with the referrer's card (same brand and last four)", async () => {
    const referrer = await signUp('cardholder');
    const { code } = await info(referrer);
    await buy(referrer, TEST_CARDS.success);
    const friend = await signUp('cardborrower', { code });
    await drained();
    await verifyIdentity(friend);
    await buy(friend, TEST_CARDS.success);
    await drained();
    expect(await paid(`referral:${friend.id}:inviteQualification`)).toEqual([]);
    expect(await paid(`referral:${friend.id}:registration`)).toHaveLength(1);
    const view = await info(referrer);
    expect(view.friends[0]).toMatchObject({ status: 'refused', refusedReason: 'sameCard', steps: { identityVerified: { done: true }, firstPurchase: { done: true }, inviteQualification: { paid: false } } });
  });

  it('stops paying for friends beyond the daily cap, and counts again the next operator day', async () => {
    const current = (await operator('GET', '/api/operator/referral/settings/')).json().data;
    const set = await operator('PUT', '/api/operator/referral/settings/', { ...current, dailyCapPerReferrer: 1 });
    expect(set.statusCode, set.body).toBe(200);
    expect((await operator('PUT', '/api/operator/referral/settings/', { ...current, dailyCapPerReferrer: -1 })).statusCode).toBe(400);
    try {
      const referrer = await signUp('capped');
      const { code } = await info(referrer);
      const first = await signUp('first', { code });
      const second = await signUp('second', { code });
      await drained();
      expect(await paid(`referral:${first.id}:registration`)).toHaveLength(1);
      expect(await paid(`referral:${second.id}:`)).toEqual([]);
      expect(await paid(`player-rewards:${second.id}:registration`)).toEqual([]);
      expect((await info(referrer)).friends.map((f) => [f.status, f.refusedReason])).toEqual([
        ['refused', 'dailyCap'],
        ['counting', null],
      ]);
      clock.advance(DAY);
      const third = await signUp('third', { code });
      await drained();
      expect(await paid(`referral:${third.id}:registration`)).toHaveLength(1);
      expect((await info(referrer)).friendsToday).toBe(1);
    } finally {
      await operator('PUT', '/api/operator/referral/settings/', current);
    }
  });
});
