import { openDatabase, type DatabaseHandle } from '@sweepstack/db/connection';
import { findPlayerByUuid } from '@sweepstack/db/repositories/players';
import { seedDatabase } from '@sweepstack/db/seed';
import { createTestDatabase, dialectsUnderTest, type TestDatabase } from '@sweepstack/testkit/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpViaApi } from '../testing/auth-helpers';
import { recordPush } from './push';
import { connectClient, sleep, startListeningApp, waitUntil, type ListeningApp, type TestClient } from './testing';
import { declareTestEvents } from '../testing/test-events';

declareTestEvents('test.fanout', 'test.probe');

const redisUrl = process.env.REDIS_URL;
const onPostgres = dialectsUnderTest().includes('postgres');
const skipNote = !redisUrl ? ' (SKIPPED: set REDIS_URL=redis://… to run it)' : !onPostgres ? ' (SKIPPED: set DATABASE_URL=postgres://… to run it)' : '';

// Say so where everyone looks: a skipped cross-node test must not pass for a green one.
if (skipNote) console.warn(`realtime: two-node fan-out test${skipNote}`);

// Two app instances in one process (fast, fine-grained: both dispatching, each push once). The real
// two-process test with a browser on node B is two-processes.integration.test.ts.
describe.skipIf(!redisUrl || !onPostgres)(`two app instances on PostgreSQL and Redis${skipNote}`, () => {
  let database: TestDatabase;
  let secondHandle: DatabaseHandle;
  let nodeA: ListeningApp;
  let nodeB: ListeningApp;
  let tab: TestClient;
  let playerId: number;
  let cookie: string;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await seedDatabase(database.db, { theme: 'nlc' });
    // Each node has its own connection pool, as two processes would.
    secondHandle = openDatabase(database.url);
    nodeA = await startListeningApp(database, { env: { REDIS_URL: redisUrl!, JOBS_RUNNER: 'false' } });
    nodeB = await startListeningApp(secondHandle, { env: { REDIS_URL: redisUrl!, JOBS_RUNNER: 'false' } });
    const signedUp = await signUpViaApi(nodeA.app, 'cross.node@example.com');
    cookie = signedUp.cookie;
    playerId = (await findPlayerByUuid(database.db, signedUp.uuid))!.id;
    tab = await connectClient(nodeB.url, { cookie });
  });
  afterAll(async () => {
    tab?.close();
    await nodeA?.app.close();
    await nodeB?.app.close();
    await secondHandle?.close();
    await database?.destroy();
  });

  it('an event committed through node A reaches a client of node B, exactly once', async () => {
    // Node B does not dispatch in this phase: every push has to travel A → Redis → B.
    await nodeB.app.realtime.dispatcher.stop();
    // The Redis subscription of a fresh adapter needs a moment: probe until a push gets through.
    const probe = async () => database.db.transaction().execute((trx) => recordPush(trx, { eventType: 'test.probe', playerId, push: { type: 'playerVerification', action: 'surveyRequired' } }));
    await probe();
    await waitUntil(() => tab.pushes.length > 0, 5000, 'the first push through Redis').catch(async () => {
      await probe();
      await waitUntil(() => tab.pushes.length > 0, 5000, 'a push through Redis');
    });
    tab.pushes.length = 0;

    const switched = await nodeA.app.inject({ method: 'GET', url: '/rest/player/game-mode/switch-to-sweep-stakes/', headers: { cookie } });
    expect(switched.json()).toEqual({ success: true, gameMode: 'SweepStakes' });
    await waitUntil(() => tab.pushes.length === 1, 5000, 'game mode push on node B');
    expect(tab.pushes[0]?.message).toEqual({ type: 'gameMode', action: 'changed', data: { gameMode: 'SweepStakes' } });

    // Both nodes dispatching at once, both woken by the same NOTIFY: still one delivery per event.
    await nodeB.app.realtime.dispatcher.start();
    const ids: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      ids.push(await (i % 2 === 0 ? database : secondHandle).db.transaction().execute((trx) => recordPush(trx, { eventType: 'test.fanout', playerId, push: { type: 'playerVerification', action: 'needScanDocument' } })));
    }
    await waitUntil(() => tab.pushes.length >= 31, 10_000, 'thirty pushes');
    await sleep(500);
    const received = tab.pushes.slice(1).map((p) => p.eventId);
    expect(received).toHaveLength(30);
    expect(new Set(received)).toEqual(new Set(ids));
  });
});
