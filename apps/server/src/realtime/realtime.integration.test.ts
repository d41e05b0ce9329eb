import { ZAppInitResponse } from '@sweepstack/contracts/app/app-init';
import { findEvent, recordEvent } from '@sweepstack/db/repositories/domain-events';
import { findPlayerByUuid } from '@sweepstack/db/repositories/players';
import { seedDatabase } from '@sweepstack/db/seed';
import { createTestDatabase, dialectsUnderTest, type TestDatabase } from '@sweepstack/testkit/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpViaApi } from '../testing/auth-helpers';
import { issueChannelToken } from './channel-token';
import { ensurePlayerAccounts } from '@sweepstack/db/repositories/ledger/accounts';
import { getPlayerBalance } from '@sweepstack/db/repositories/ledger/balances';
import { transfer } from '@sweepstack/db/repositories/ledger/transfers';
import { createRealtimeClient, type ConnectionStatus } from '../../../web/app/lib/realtime';
import { recordBalanceChanged } from './balance-push';
import { InvalidPushError, recordPush } from './push';
import { connectClient, sleep, startListeningApp, TEST_SECRET, waitUntil, type ListeningApp, type TestClient } from './testing';
import { declareTestEvents } from '../testing/test-events';

declareTestEvents('test.marker', 'test.push', 'test.raw', 'test.rolled-back');

describe.each(dialectsUnderTest())('real-time channel and outbox on %s', (dialect) => {
  let database: TestDatabase;
  let server: ListeningApp;
  const clients: TestClient[] = [];
  let alice: { cookie: string; id: number };
  let bob: { cookie: string; id: number };

  const client = async (credentials: { cookie?: string; token?: string }) => {
    const c = await connectClient(server.url, credentials);
    clients.push(c);
    return c;
  };
  const signUp = async (email: string) => {
    const { cookie, uuid } = await signUpViaApi(server.app, email);
    const player = await findPlayerByUuid(database.db, uuid);
    return { cookie, id: player!.id };
  };
  const gameModePush = (gameMode: 'SweepStakes' | 'TournamentPoints') => ({ type: 'gameMode' as const, action: 'changed' as const, data: { gameMode } });
  /** Commits a marker push to `playerId`: once it arrives, everything committed before it has been dispatched. */
  const marker = async (playerId: number) => {
    const id = await database.db.transaction().execute((trx) => recordPush(trx, { eventType: 'test.marker', playerId, push: { type: 'playerVerification', action: 'surveyRequired' } }));
    return id;
  };

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await seedDatabase(database.db, { theme: 'nlc' });
    // No jobs: a feature's scheduled broadcast (a tournament starting on the hour) would reach these sockets too.
    server = await startListeningApp(database, { env: { JOBS_RUNNER: 'false' } });
    alice = await signUp('alice.rt@example.com');
    bob = await signUp('bob.rt@example.com');
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await server.app.close();
    await database.destroy();
  });

  it('delivers a committed event to the sockets of its player only', async () => {
    const aliceTab = await client({ cookie: alice.cookie });
    const bobTab = await client({ cookie: bob.cookie });
    const guest = await client({});
    const eventId = await database.db.transaction().execute((trx) => recordPush(trx, { eventType: 'test.push', playerId: alice.id, push: gameModePush('SweepStakes') }));
    await waitUntil(() => aliceTab.pushes.length === 1, 5000, 'the push to alice');
    expect(aliceTab.pushes[0]).toEqual({ eventId, message: gameModePush('SweepStakes') });
    const bobMarker = await marker(bob.id);
    await waitUntil(() => bobTab.pushes.length === 1, 5000, 'bob marker');
    expect(bobTab.pushes.map((p) => p.eventId)).toEqual([bobMarker]);
    expect(guest.pushes).toEqual([]);
    const stored = await findEvent(database.db, eventId);
    expect(stored?.dispatchedAtMs).not.toBeNull();
    expect(stored?.attempts).toBe(1);
  });

  it('pushes nothing for a transaction that rolled back', async () => {
    const tab = await client({ cookie: alice.cookie });
    let rolledBackId = 0;
    await expect(
      database.db.transaction().execute(async (trx) => {
        rolledBackId = await recordPush(trx, { eventType: 'test.rolled-back', playerId: alice.id, push: gameModePush('TournamentPoints') });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(rolledBackId).toBeGreaterThan(0);
    const markerId = await marker(alice.id);
    await waitUntil(() => tab.pushes.length >= 1, 5000, 'the marker');
    await sleep(100);
    expect(tab.pushes.map((p) => p.eventId)).toEqual([markerId]);
    // (SQLite may hand the rolled-back id to the next event: look the event up by its type.)
    expect(await database.db.selectFrom('domain_events').select('id').where('type', '=', 'test.rolled-back').execute()).toEqual([]);
  });

  it('refuses a handshake with a bad session cookie or channel token (unauthorized)', async () => {
    for (const credentials of [
      { cookie: 'ss_session=not-a-live-session' },
      { token: 'garbage' },
      { token: issueChannelToken(TEST_SECRET, alice.id, Date.now() - 1) },
      { token: issueChannelToken('another-secret-another-secret-0123456', alice.id, Date.now() + 60_000) },
      { token: issueChannelToken(TEST_SECRET, 999_999, Date.now() + 60_000) },
    ]) {
      const refusal = await connectClient(server.url, credentials).then(
        (c) => {
          c.close();
          return 'connected';
        },
        (error: Error & { data?: { code?: string } }) => ({ message: error.message, code: error.data?.code }),
      );
      expect(refusal, JSON.stringify(credentials)).toEqual({ message: 'unauthorized', code: 'unauthorized' });
    }
  });

  it('authenticates the alternative socket with the channel token of app init', async () => {
    const init = ZAppInitResponse.parse((await server.app.inject({ method: 'GET', url: '/rest/app/init/', headers: { cookie: bob.cookie } })).json()).data;
    expect(init.token).toEqual(expect.any(String));
    expect(init.websocket).toMatch(/^http/);
    expect(init.wsConnectionData).toMatchObject({ path: '/socket.io', maxPingDelayMs: 10_000 });
    const guestInit = ZAppInitResponse.parse((await server.app.inject({ method: 'GET', url: '/rest/app/init/' })).json()).data;
    expect(guestInit.token).toBeNull();
    const byToken = await client({ token: init.token! });
    const markerId = await marker(bob.id);
    await waitUntil(() => byToken.pushes.length === 1, 5000, 'push over the token socket');
    expect(byToken.pushes[0]?.eventId).toBe(markerId);
    // The token endpoint hands out a fresh one; guests get 401.
    const fresh = await server.app.inject({ method: 'GET', url: '/rest/realtime/token/', headers: { cookie: bob.cookie } });
    expect(fresh.statusCode).toBe(200);
    expect((await client({ token: (fresh.json() as { token: string }).token })).socket.connected).toBe(true);
    expect((await server.app.inject({ method: 'GET', url: '/rest/realtime/token/' })).statusCode).toBe(401);
  });

  it('game-mode switch reaches every open tab of the player', async () => {
    const tabByCookie = await client({ cookie: alice.cookie });
    const init = ZAppInitResponse.parse((await server.app.inject({ method: 'GET', url: '/rest/app/init/', headers: { cookie: alice.cookie } })).json()).data;
    const tabByToken = await client({ token: init.token! });
    const bobTab = await client({ cookie: bob.cookie });

    const res = await server.app.inject({ method: 'GET', url: '/rest/player/game-mode/switch-to-sweep-stakes/', headers: { cookie: alice.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, gameMode: 'SweepStakes' });
    for (const tab of [tabByCookie, tabByToken]) {
      await waitUntil(() => tab.pushes.length === 1, 5000, 'game mode push');
      expect(tab.pushes[0]?.message).toEqual(gameModePush('SweepStakes'));
    }
    const after = ZAppInitResponse.parse((await server.app.inject({ method: 'GET', url: '/rest/app/init/', headers: { cookie: alice.cookie } })).json()).data;
    expect(after.gameMode).toBe('SweepStakes');

    const back = await server.app.inject({ method: 'GET', url: '/rest/player/game-mode/switch-to-tournament-points/', headers: { cookie: alice.cookie } });
    expect(back.json()).toEqual({ success: true, gameMode: 'TournamentPoints' });
    await waitUntil(() => tabByCookie.pushes.length === 2 && tabByToken.pushes.length === 2, 5000, 'second push');
    expect(tabByToken.pushes[1]?.message).toEqual(gameModePush('TournamentPoints'));
    expect(bobTab.pushes).toEqual([]);

    expect((await server.app.inject({ method: 'GET', url: '/rest/player/game-mode/switch-to-sweep-stakes/' })).statusCode).toBe(401);
    const crossSite = await server.app.inject({ method: 'GET', url: '/rest/player/game-mode/switch-to-sweep-stakes/', headers: { cookie: alice.cookie, 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.statusCode).toBe(403);
    expect((await server.app.inject({ method: 'GET', url: '/rest/player/game-mode/switch-to-sweep-stakes/?x=1', headers: { cookie: alice.cookie } })).statusCode).toBe(400);
    expect((await findPlayerByUuid(database.db, (await database.db.selectFrom('players').select('uuid').where('id', '=', alice.id).executeTakeFirstOrThrow()).uuid))?.game_mode).toBe('TournamentPoints');
  });

  it('refuses push messages that break the contract, on record and on emit', async () => {
    const tab = await client({ cookie: bob.cookie });
    const before = await database.db.selectFrom('domain_events').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    await expect(
      database.db.transaction().execute((trx) =>
        recordPush(trx, { eventType: 'test.push', playerId: bob.id, push: { type: 'gameMode', action: 'changed', data: { gameMode: 'Cash' } } as never }),
      ),
    ).rejects.toBeInstanceOf(InvalidPushError);
    const afterRefusal = await database.db.selectFrom('domain_events').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(afterRefusal.n)).toBe(Number(before.n));

    // Written past the check (as a bug would): the dispatcher refuses to emit it.
    const badId = await recordEvent(database.db, { type: 'test.raw', playerId: bob.id, push: { type: 'balance', action: 'update', data: { entries: -5 } } });
    const markerId = await marker(bob.id);
    await waitUntil(() => tab.pushes.length >= 1, 5000, 'marker');
    await sleep(100);
    expect(tab.pushes.map((p) => p.eventId)).toEqual([markerId]);
    const stored = await findEvent(database.db, badId);
    expect(stored?.dispatchedAtMs).not.toBeNull();
    expect(stored?.lastError).toMatch(/^push refused/);
  });

  it('pushes the balances a coin movement commits (recordBalanceChanged)', async () => {
    const tab = await client({ cookie: alice.cookie });
    const before = await getPlayerBalance(database.db, alice.id);
    await database.db.transaction().execute(async (trx) => {
      await ensurePlayerAccounts(trx, alice.id);
      await transfer(trx, { idempotencyKey: `test-promotion-${alice.id}`, from: { system: 'promotions' }, to: { playerId: alice.id, kind: 'player_balance' }, currency: 'GC', amount: 100, reason: 'promotion' });
      await recordBalanceChanged(trx, alice.id, { reason: 'promotion' });
    });
    await waitUntil(() => tab.pushes.length === 1, 5000, 'balance push');
    const after = await getPlayerBalance(database.db, alice.id);
    expect(after.tourPoints).toBe(before.tourPoints + 100);
    expect(tab.pushes[0]?.message).toEqual({ type: 'balance', action: 'update', data: { entries: after.entries, winnings: after.winnings, tourPoints: after.tourPoints, coins: after.coins } });
  });

  it('the browser client module connects with a channel token, validates and dispatches pushes', async () => {
    const init = ZAppInitResponse.parse((await server.app.inject({ method: 'GET', url: '/rest/app/init/', headers: { cookie: bob.cookie } })).json()).data;
    const statuses: ConnectionStatus[] = [];
    const modes: string[] = [];
    const browser = createRealtimeClient({ url: server.url, getToken: async () => init.token });
    browser.onStatus((status) => statuses.push(status));
    browser.subscribe('gameMode', (message) => modes.push(message.data.gameMode));
    browser.connect();
    try {
      await waitUntil(() => browser.status === 'connected', 5000, 'browser client connected');
      await server.app.inject({ method: 'GET', url: '/rest/player/game-mode/switch-to-sweep-stakes/', headers: { cookie: bob.cookie } });
      await waitUntil(() => modes.length === 1, 5000, 'game mode in the browser client');
      expect(modes).toEqual(['SweepStakes']);
    } finally {
      browser.disconnect();
    }
    const refused = createRealtimeClient({ url: server.url, getToken: async () => 'not-a-token' });
    refused.connect();
    try {
      await waitUntil(() => refused.status === 'unauthorized', 5000, 'unauthorized status');
    } finally {
      refused.disconnect();
    }
    expect(statuses[0]).toBe('connecting');
  });
});
