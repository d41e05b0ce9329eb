import { findPlayerByUuid } from '@sweepstack/db/repositories/players';
import { seedDatabase } from '@sweepstack/db/seed';
import { expectLedgerBalanced } from '@sweepstack/testkit/ledger-invariants';
import { createTestDatabase, dialectsUnderTest, type TestDatabase } from '@sweepstack/testkit/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpViaApi } from '../testing/auth-helpers';
import { sleep, startListeningApp, type ListeningApp } from './testing';

// OUTBOX_DISPATCHER=false makes a web-only node (docs/realtime.md): it records events but leaves
// them to a process that dispatches.
describe.each(dialectsUnderTest())('OUTBOX_DISPATCHER on %s', (dialect) => {
  let database: TestDatabase;
  let webOnly: ListeningApp;
  let dispatching: ListeningApp | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await seedDatabase(database.db, { theme: 'nlc' });
    webOnly = await startListeningApp(database, { env: { OUTBOX_DISPATCHER: 'false' } });
  });
  afterAll(async () => {
    await dispatching?.app.close();
    await webOnly?.app.close();
    await database?.destroy();
  });

  const eventsOf = (playerId: number) => database.db.selectFrom('domain_events').select(['id', 'dispatched_at_ms']).where('player_id', '=', playerId).execute();

  it('a web-only node records events without dispatching them; a dispatching process then does', async () => {
    const { uuid, cookie } = await signUpViaApi(webOnly.app, `outbox.setting.${dialect}@example.com`);
    const playerId = (await findPlayerByUuid(database.db, uuid))!.id;
    // A game-mode switch records its event (pushed to every open tab) in the outbox.
    for (const path of ['switch-to-sweep-stakes', 'switch-to-tournament-points']) {
      expect((await webOnly.app.inject({ method: 'GET', url: `/rest/player/game-mode/${path}/`, headers: { cookie } })).statusCode).toBe(200);
    }
    expect((await eventsOf(playerId)).length).toBeGreaterThan(0);
    // A dispatcher in this process would have taken them at once (in-process wake); give it time anyway.
    await sleep(500);
    expect((await eventsOf(playerId)).every((e) => e.dispatched_at_ms === null)).toBe(true);

    dispatching = await startListeningApp(database);
    const deadline = Date.now() + 10_000;
    while ((await eventsOf(playerId)).some((e) => e.dispatched_at_ms === null)) {
      if (Date.now() > deadline) throw new Error('the dispatching process did not dispatch the recorded events');
      await sleep(20);
    }
    expect((await eventsOf(playerId)).every((e) => e.dispatched_at_ms !== null)).toBe(true);
    await expectLedgerBalanced(database.db);
  });
});
