import { createHash } from 'node:crypto';
import SQLite from 'better-sqlite3';
import { ZAppInitResponse, type AppInitData } from '@sweepstack/contracts/app/app-init';
import { playerChangeFeed } from '@sweepstack/db/player-change-feed';
import { writePlayerFeatureState } from '@sweepstack/db/repositories/feature-state';
import { getPlayerBalance } from '@sweepstack/db/repositories/ledger/balances';
import { creditSignupGift } from '@sweepstack/db/repositories/ledger/signup-gift';
import { transferMany } from '@sweepstack/db/repositories/ledger/transfers';
import { expectLedgerBalanced } from '@sweepstack/testkit/ledger-invariants';
import { dialectsUnderTest } from '@sweepstack/testkit/test-database';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { termsRequirement } from '../../auth/terms';
import { readDepositsCount, readPlayerBalance } from '../../lib/player-balance';
import { signUpViaApi } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { readPlayerState } from './player-state';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe.each(dialectsUnderTest())('GET /rest/app/init/ on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: true, env: { THEME: 'stormrush' } });
  });
  afterAll(async () => {
    await t.close();
  });
  // Every sign-up credits the gift: the ledger must balance after each test.
  afterEach(async () => {
    await expectLedgerBalanced(t.database.db);
  });
  const playerIdOf = async (uuid: string) => (await t.database.db.selectFrom('players').select('id').where('uuid', '=', uuid).executeTakeFirstOrThrow()).id;

  const init = async (cookie?: string): Promise<AppInitData> => {
    const res = await t.app.inject({ method: 'GET', url: '/rest/app/init/', headers: cookie ? { cookie } : {} });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['cache-control']).toBe('private, no-store');
    return ZAppInitResponse.parse(res.json()).data;
  };

  it('answers a guest with no personal data and every feature not built off', async () => {
    const data = await init();
    expect(data).toMatchObject({
      isGuest: true,
      appName: 'stormrush',
      login: null,
      email: null,
      phone: null,
      uuid: null,
      primaryContact: null,
      emailConfirmed: false,
      isAffiliate: false,
      gameMode: 'TournamentPoints',
      depositsCount: 0,
      hasDeposits: false,
      accountStatus: null,
      termsRequirement: [],
      playerInfo: null,
      registration: { complete: false, registrationFunnel: { funnelType: null } },
      // The welcome offer (promo offers, seeded): shown to guests and to players before a purchase.
      bannerPresetPackage: expect.objectContaining({ id: 'welcome-1', promoOffer: true }),
      popupPresetPackage: expect.objectContaining({ id: 'welcome-1' }),
      popupPresetPackages: [expect.objectContaining({ id: 'daily-deal', imagePopup: '/images/promo-offers/daily-deal.svg' })],
      wsConnectionData: null,
      websocket: null,
      token: null,
    });
    expect(data.playerRestrictionIdsHash).toBe(sha256('guest'));
    for (const flag of [data.popUpAds, data.magicBox, data.depositStreak, data.moneyBox, data.bingo, data.season]) {
      expect(flag.isActive).toBe(false);
    }
    // Prize drops run by default (docs/features/prize-drops.md); bingo only in themes with its store.
    expect(data.prizeDrops.isActive).toBe(true);
    // Scratch cards are seeded on (docs/features/scratch-cards.md).
    expect(data.scratchCardLottery.isActive).toBe(true);
    // A built feature answers from its own status row: daily login is seeded on.
    expect(data.dailyLogin.isActive).toBe(true);
    expect(data.rankLeague.enabled).toBe(false);
    // The same bytes every time (served from the cached serialization).
    const again = await t.app.inject({ method: 'GET', url: '/rest/app/init/' });
    expect(again.json()).toEqual({ success: true, data });
  });

  it('answers a signed-in player from their account', async () => {
    const { cookie, uuid } = await signUpViaApi(t.app, 'init.player@example.com');
    const data = await init(cookie);
    expect(data).toMatchObject({
      isGuest: false,
      appName: 'stormrush',
      uuid,
      email: 'init.player@example.com',
      primaryContact: 'email',
      emailConfirmed: false,
      isAffiliate: false,
      gameMode: expect.stringMatching(/^(TournamentPoints|SweepStakes)$/),
      depositsCount: 0,
      hasDeposits: false,
      profileCompleted: false,
      accountStatus: 'ACTIVE',
      activeSocialAccounts: [],
      favoriteGames: [],
      favLast: [],
      lastGames: [],
      TournamentsSubscriptions: [],
      termsRequirement: [],
      // The sign-up gift: 10,000 GC and 1.00 FC (unplayed, so not yet winnings).
      playerInfo: { playerBalance: { entries: 1, winnings: 0, tourPoints: 10_000, coins: 10_000 } },
    });
    expect(typeof data.login).toBe('string');
    expect(typeof data.registration.complete).toBe('boolean');
    expect(data.registration.registrationFunnel.funnelType).toEqual(expect.any(String));
    // An active player with no known state has no restriction: the hash of the empty list.
    expect(data.playerRestrictionIdsHash).toBe(sha256(''));
  });

  it('reflects the account: affiliate flag, terms to confirm, restriction hash of a non-active account', async () => {
    const { cookie, uuid } = await signUpViaApi(t.app, 'init.affiliate@example.com');
    await t.database.db.updateTable('players').set({ is_affiliate: 1, account_status: 'SELF_EXCLUDED' }).where('uuid', '=', uuid).execute();
    const terms = await t.database.db.selectFrom('terms_documents').select(['id', 'key', 'version']).orderBy('id').executeTakeFirstOrThrow();
    await t.database.db.updateTable('terms_documents').set({ version: terms.version + 1 }).where('id', '=', terms.id).execute();
    const data = await init(cookie);
    expect(data.isAffiliate).toBe(true);
    expect(data.accountStatus).toBe('SELF_EXCLUDED');
    expect(data.termsRequirement).toEqual([{ id: terms.id, key: terms.key }]);
    expect(data.playerRestrictionIdsHash).toBe(sha256('account:SELF_EXCLUDED'));
    await t.database.db.updateTable('terms_documents').set({ version: terms.version }).where('id', '=', terms.id).execute();
  });

  it('shows the profile: complete or not, and a restricted state in the restriction hash', async () => {
    const { cookie } = await signUpViaApi(t.app, 'init.profile@example.com');
    expect((await init(cookie)).profileCompleted).toBe(false);
    // Seeded restricted states (docs/geo-restriction.md): WA is on the list, TX is not.
    const profile = { name: 'Ada', surname: 'Lovelace', birthday: '1990-02-03', zip: '98101', city: 'Seattle', address: '12 Main St.', phone: '+15551234567' };
    for (const [state, hash] of [
      ['WA', sha256('state:WA')],
      ['TX', sha256('')],
    ] as const) {
      const saved = await t.app.inject({ method: 'POST', url: '/rest/player/profile/', headers: { cookie }, payload: { ...profile, state } });
      expect(saved.statusCode, saved.body).toBe(200);
      const data = await init(cookie);
      expect(data.profileCompleted).toBe(true);
      expect(data.playerRestrictionIdsHash).toBe(hash);
    }
  });

  it('credits the sign-up gift once: a replayed gift changes nothing', async () => {
    const { cookie, uuid } = await signUpViaApi(t.app, 'init.gift@example.com');
    const playerId = await playerIdOf(uuid);
    const before = await init(cookie);
    const transfersBefore = await t.database.db.selectFrom('ledger_transfers').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const replay = await creditSignupGift(t.database.db, playerId);
    expect(replay.replayed).toBe(true);
    expect(replay.transfers.map((x) => [x.currency, x.amount]).sort()).toEqual([
      ['FC', 100],
      ['GC', 10_000],
    ]);
    const transfersAfter = await t.database.db.selectFrom('ledger_transfers').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(transfersAfter.n)).toBe(Number(transfersBefore.n));
    expect((await init(cookie)).playerInfo).toEqual(before.playerInfo);
    expect(before.playerInfo?.playerBalance).toEqual({ entries: 1, winnings: 0, tourPoints: 10_000, coins: 10_000 });
  });

  it('shows the ledger balance with Fortune Coins in coins (2 decimals), the same as getPlayerBalance', async () => {
    const { cookie, uuid } = await signUpViaApi(t.app, 'init.balance@example.com');
    const playerId = await playerIdOf(uuid);
    await transferMany(t.database.db, [
      { idempotencyKey: `test-promo:${playerId}`, from: { system: 'promotions' }, to: { playerId, kind: 'player_unplayed' }, currency: 'FC', amount: 155, reason: 'promotion' },
      { idempotencyKey: `test-win:${playerId}`, from: { system: 'game_play' }, to: { playerId, kind: 'player_redeemable' }, currency: 'FC', amount: 7, reason: 'game_win' },
      { idempotencyKey: `test-gc:${playerId}`, from: { system: 'promotions' }, to: { playerId, kind: 'player_balance' }, currency: 'GC', amount: 25, reason: 'promotion' },
    ]);
    const data = await init(cookie);
    // 1.00 gift + 1.55 promotion + 0.07 won = 2.62 FC, of which 0.07 redeemable.
    expect(data.playerInfo?.playerBalance).toEqual({ entries: 2.62, winnings: 0.07, tourPoints: 10_025, coins: 10_025 });
    expect(JSON.parse(JSON.stringify(data.playerInfo?.playerBalance))).toEqual({ entries: 2.62, winnings: 0.07, tourPoints: 10_025, coins: 10_025 });
    const ledger = await getPlayerBalance(t.database.db, playerId);
    expect(await readPlayerBalance(t.app.deps, playerId)).toEqual({ entries: ledger.entries / 100, winnings: ledger.winnings / 100, tourPoints: ledger.tourPoints, coins: ledger.coins });
  });

  it('reads balance, terms, deposit count and feature states in one query that answers what the separate reads answer', async () => {
    const { uuid } = await signUpViaApi(t.app, 'init.state@example.com');
    const playerId = await playerIdOf(uuid);
    const db = t.database.db;
    const separate = async () => ({
      balance: await readPlayerBalance(t.app.deps, playerId),
      termsRequirement: await termsRequirement(db, playerId),
      depositsCount: await readDepositsCount(t.app.deps, playerId),
      featureStates: new Map(
        (await db.selectFrom('player_feature_state').select(['feature', 'state_json']).where('player_id', '=', playerId).execute()).map((r) => [r.feature, JSON.parse(r.state_json) as unknown]),
      ),
    });
    expect(await readPlayerState(db, playerId)).toEqual(await separate());
    expect((await readPlayerState(db, playerId)).termsRequirement).toEqual([]);
    const documents = await db.selectFrom('terms_documents').select(['id', 'key', 'version']).orderBy('id', 'desc').execute();
    expect(documents.length).toBeGreaterThanOrEqual(2);
    for (const d of documents) await db.updateTable('terms_documents').set({ version: d.version + 1 }).where('id', '=', d.id).execute();
    try {
      const state = await readPlayerState(db, playerId);
      expect(state.termsRequirement).toEqual([...documents].reverse().map((d) => ({ id: d.id, key: d.key })));
      expect(state).toEqual(await separate());
      expect(state.balance).toEqual({ entries: 1, winnings: 0, tourPoints: 10_000, coins: 10_000 });
    } finally {
      for (const d of documents) await db.updateTable('terms_documents').set({ version: d.version }).where('id', '=', d.id).execute();
    }
    expect((await readPlayerState(db, playerId)).depositsCount).toBe(0);
    await db.insertInto('cashier_player_stats').values({ player_id: playerId, deposits_count: 3, total_cents: 2_997, first_deposit_at_ms: 1, last_deposit_at_ms: 2 }).execute();
    expect(await readPlayerState(db, playerId)).toEqual(await separate());
    expect((await readPlayerState(db, playerId)).depositsCount).toBe(3);
    await writePlayerFeatureState(db, playerId, 'daily-login', { level: 3, claimed: true }, 1);
    await writePlayerFeatureState(db, playerId, 'wheel-of-treasure', { spins: 0 }, 1);
    expect(await readPlayerState(db, playerId)).toEqual(await separate());
    expect((await readPlayerState(db, playerId)).featureStates).toEqual(new Map<string, unknown>([['daily-login', { level: 3, claimed: true }], ['wheel-of-treasure', { spins: 0 }]]));
    // Nobody: no accounts (zeros), nothing confirmed (every document), no deposits.
    expect(await readPlayerState(db, 987_654)).toEqual({ balance: { entries: 0, winnings: 0, tourPoints: 0, coins: 0 }, termsRequirement: await termsRequirement(db, 987_654), depositsCount: 0, featureStates: new Map() });
  });

  it('shows zeros for a player whose ledger accounts are not open', async () => {
    expect(await readPlayerBalance(t.app.deps, 987_654)).toEqual({ entries: 0, winnings: 0, tourPoints: 0, coins: 0 });
  });

  it('checks the session on every call: expired, blocked and closed accounts are guests again', async () => {
    const { cookie, uuid } = await signUpViaApi(t.app, 'init.blocked@example.com');
    expect((await init(cookie)).isGuest).toBe(false);
    for (const status of ['BLOCKED', 'CLOSED'] as const) {
      await t.database.db.updateTable('players').set({ account_status: status }).where('uuid', '=', uuid).execute();
      expect((await init(cookie)).isGuest).toBe(true);
      await t.database.db.updateTable('players').set({ account_status: 'ACTIVE' }).where('uuid', '=', uuid).execute();
      expect((await init(cookie)).isGuest).toBe(false);
    }
    const playerId = await playerIdOf(uuid);
    await t.database.db.updateTable('sessions').set({ expires_at_ms: Date.now() - 1 }).where('player_id', '=', playerId).execute();
    const res = await t.app.inject({ method: 'GET', url: '/rest/app/init/', headers: { cookie } });
    expect(res.json().data.isGuest).toBe(true);
    expect(String(res.headers['set-cookie'])).toMatch(/ss_session=;/);
  });

  it('treats an unknown session cookie as a guest', async () => {
    const data = await init('ss_session=not-a-real-token');
    expect(data.isGuest).toBe(true);
  });

  it('refuses a query string with 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/rest/app/init/?x=1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });
});

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('app init answer cache on sqlite', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { seed: true });
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(async () => {
    await expectLedgerBalanced(t.database.db);
  });
  const init = async (cookie: string): Promise<AppInitData> => {
    const res = await t.app.inject({ method: 'GET', url: '/rest/app/init/', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return ZAppInitResponse.parse(res.json()).data;
  };

  it('moves the change feed on a write to each table app init reads, and on another process committing', async () => {
    const { uuid } = await signUpViaApi(t.app, 'feed.tables@example.com');
    const db = t.database.db;
    const playerId = (await db.selectFrom('players').select('id').where('uuid', '=', uuid).executeTakeFirstOrThrow()).id;
    const feed = playerChangeFeed(db);
    if (!feed) throw new Error('sqlite has a change feed');
    const other = (await signUpViaApi(t.app, 'feed.other@example.com')).uuid;
    const otherId = (await db.selectFrom('players').select('id').where('uuid', '=', other).executeTakeFirstOrThrow()).id;
    const game = await db.selectFrom('games').select('id').orderBy('id').executeTakeFirstOrThrow();
    const writes: Array<[string, () => Promise<unknown>]> = [
      ['players', () => db.updateTable('players').set({ is_affiliate: 0 }).where('id', '=', playerId).execute()],
      ['sessions', () => db.updateTable('sessions').set((eb) => ({ last_seen_at_ms: eb.ref('last_seen_at_ms') })).where('player_id', '=', playerId).execute()],
      ['ledger_accounts', () => db.updateTable('ledger_accounts').set((eb) => ({ balance: eb.ref('balance') })).where('owner_player_id', '=', playerId).execute()],
      ['cashier_player_stats', () => db.insertInto('cashier_player_stats').values({ player_id: playerId, deposits_count: 0, total_cents: 0, first_deposit_at_ms: null, last_deposit_at_ms: null }).execute()],
      ['game_favorites insert', () => db.insertInto('game_favorites').values({ player_id: playerId, game_id: game.id, created_at_ms: 1 }).execute()],
      ['game_favorites delete', () => db.deleteFrom('game_favorites').where('player_id', '=', playerId).execute()],
      ['terms_acceptances', () => db.updateTable('terms_acceptances').set((eb) => ({ version: eb.ref('version') })).where('player_id', '=', playerId).execute()],
      ['player_profiles', () => db.insertInto('player_profiles').values({ player_id: playerId, name: null, surname: null, birthday: null, zip: null, city: null, address: null, address2: null, state: 'TX', phone: null, activity_reminder_minutes: 0, verification_status: null, auto_verification_enabled: 1, auto_verification_available: 1, updated_at_ms: 1 }).execute()],
      ['player_feature_state', () => db.insertInto('player_feature_state').values({ player_id: playerId, feature: 'daily-login', state_json: '{}', updated_at_ms: 1 }).execute()],
      ['terms_documents (every player)', () => db.updateTable('terms_documents').set((eb) => ({ version: eb.ref('version') })).execute()],
    ];
    for (const [name, write] of writes) {
      const mark = feed.mark();
      expect(feed.unchangedSince(playerId, mark), name).toBe(true);
      await write();
      expect(feed.unchangedSince(playerId, mark), name).toBe(false);
      if (!name.includes('every player')) expect(feed.unchangedSince(otherId, mark), `${name} leaves other players alone`).toBe(true);
    }
    // A game session row (favorites/recent games) and a rolled-back write both move it.
    const mark = feed.mark();
    await db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('players').set({ is_affiliate: 0 }).where('id', '=', playerId).execute();
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(feed.unchangedSince(playerId, mark)).toBe(false);
    // Another connection (a CLI, a seed) committing to the same file.
    const mark2 = feed.mark();
    const otherConnection = new SQLite(t.database.url.slice('sqlite:'.length));
    // (a real change: an UPDATE that rewrites the same values commits nothing)
    otherConnection.prepare('update players set is_affiliate = 1 - is_affiliate where id = ?').run(otherId);
    otherConnection.close();
    // Seen from the next turn of the event loop (the feed reads data_version once per turn).
    await nextTurn();
    expect(feed.unchangedSince(playerId, mark2)).toBe(false);
  });

  it('serves a kept answer only while nothing it shows has changed', async () => {
    const { cookie, uuid } = await signUpViaApi(t.app, 'cache.player@example.com');
    const db = t.database.db;
    const playerId = (await db.selectFrom('players').select('id').where('uuid', '=', uuid).executeTakeFirstOrThrow()).id;
    const first = await init(cookie);
    expect(await init(cookie)).toEqual(first);
    // Balance, through the ledger.
    await transferMany(db, [{ idempotencyKey: `cache-gc:${playerId}`, from: { system: 'promotions' }, to: { playerId, kind: 'player_balance' }, currency: 'GC', amount: 5, reason: 'promotion' }]);
    expect((await init(cookie)).playerInfo?.playerBalance.tourPoints).toBe(10_005);
    // Favorites, through the API.
    const game = await db.selectFrom('games').select('id').orderBy('id').executeTakeFirstOrThrow();
    expect((await t.app.inject({ method: 'GET', url: `/rest/favorite-game/${game.id}/`, headers: { cookie } })).statusCode).toBe(200);
    expect((await init(cookie)).favoriteGames).toEqual([game.id]);
    // Game mode, through the API.
    const mode = (await init(cookie)).gameMode;
    const path = mode === 'SweepStakes' ? 'switch-to-tournament-points' : 'switch-to-sweep-stakes';
    expect((await t.app.inject({ method: 'GET', url: `/rest/player/game-mode/${path}/`, headers: { cookie } })).statusCode).toBe(200);
    expect((await init(cookie)).gameMode).not.toBe(mode);
    // Deposits count, and a new terms version for everybody.
    await db.insertInto('cashier_player_stats').values({ player_id: playerId, deposits_count: 2, total_cents: 1_998, first_deposit_at_ms: 1, last_deposit_at_ms: 2 }).execute();
    expect((await init(cookie)).depositsCount).toBe(2);
    const terms = await db.selectFrom('terms_documents').select(['id', 'key', 'version']).orderBy('id').executeTakeFirstOrThrow();
    await db.updateTable('terms_documents').set({ version: terms.version + 1 }).where('id', '=', terms.id).execute();
    try {
      expect((await init(cookie)).termsRequirement).toEqual([{ id: terms.id, key: terms.key }]);
    } finally {
      await db.updateTable('terms_documents').set({ version: terms.version }).where('id', '=', terms.id).execute();
    }
    expect((await init(cookie)).termsRequirement).toEqual([]);
    // Another process blocking the account.
    const otherConnection = new SQLite(t.database.url.slice('sqlite:'.length));
    otherConnection.prepare("update players set account_status = 'BLOCKED' where id = ?").run(playerId);
    otherConnection.close();
    await nextTurn();
    expect((await init(cookie)).isGuest).toBe(true);
    await db.updateTable('players').set({ account_status: 'ACTIVE' }).where('id', '=', playerId).execute();
    expect((await init(cookie)).isGuest).toBe(false);
    // Signing out ends the kept answer with the session.
    expect((await t.app.inject({ method: 'GET', url: '/rest/logout/', headers: { cookie } })).statusCode).toBe(200);
    expect((await init(cookie)).isGuest).toBe(true);
  });
});
