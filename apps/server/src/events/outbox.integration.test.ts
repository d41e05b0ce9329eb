import { openDatabase } from '@sweepstack/db/connection';
import { claimEvents, countUndispatchedEvents, findEvent, recordEvent, recordEvents } from '@sweepstack/db/repositories/domain-events';
import { createTestDatabase, dialectsUnderTest, type TestDatabase } from '@sweepstack/testkit/test-database';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sleep, startListeningApp, waitUntil } from '../realtime/testing';
import { declareTestEvents } from '../testing/test-events';

declareTestEvents('test.child', 'test.restart', 'test.retry');

describe.each(dialectsUnderTest())('outbox dispatch on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('delivers events recorded while no dispatcher ran after a restart, once', async () => {
    const ids = [
      await recordEvent(database.db, { type: 'test.restart', payload: { n: 1 } }),
      await database.db.transaction().execute((trx) => recordEvent(trx, { type: 'test.restart', playerId: 7, payload: { n: 2 } })),
      await recordEvent(database.db, { type: 'test.restart', payload: { n: 3 } }),
    ];
    // A process claimed this one and died before finishing: its lease runs out and the next start takes it over.
    ids.push(await recordEvent(database.db, { type: 'test.restart', payload: { n: 4 } }));
    const crashed = await claimEvents(database.db, { nowMs: Date.now(), leaseMs: 300, limit: 100, maxAttempts: 25 });
    expect(crashed.map((e) => e.id)).toEqual(ids);
    // …but three of them it had finished:
    await database.db.updateTable('domain_events').set({ claimed_until_ms: null }).where('id', 'in', ids.slice(0, 3)).execute();
    await sleep(300);

    const seen: number[] = [];
    const register = (app: FastifyInstance) =>
      app.realtime.onEvent('test.restart', async function tally(event) {
        seen.push(event.id);
      });
    const first = await startListeningApp(database, { beforeReady: register });
    await waitUntil(() => seen.length === 4, 5000, 'the four events');
    expect([...seen].sort((a, b) => a - b)).toEqual(ids);
    await first.app.realtime.dispatcher.idle();
    expect(await countUndispatchedEvents(database.db)).toBe(0);
    expect((await findEvent(database.db, ids[3]!))?.attempts).toBe(2);
    await first.app.close();

    // Another restart: nothing is delivered twice.
    const second = await startListeningApp(database, { beforeReady: register });
    await sleep(1300);
    await second.app.realtime.dispatcher.idle();
    expect(seen).toHaveLength(4);
    await second.app.close();
  });

  it('retries a failed handler with its writes rolled back; handlers that succeeded are not run again', async () => {
    const calls = { steady: 0, flaky: 0 };
    const server = await startListeningApp(database, {
      beforeReady: (app) => {
        app.realtime.onEvent('test.retry', async function steady() {
          calls.steady += 1;
        });
        app.realtime.onEvent('test.retry', async function flaky(event, { db }) {
          calls.flaky += 1;
          await recordEvent(db, { type: 'test.child', payload: { parent: event.id } });
          if (calls.flaky === 1) throw new Error('flaky handler fails once');
        });
      },
    });
    try {
      const id = await recordEvent(database.db, { type: 'test.retry' });
      await waitUntil(() => calls.flaky === 1, 5000, 'first attempt');
      await server.app.realtime.dispatcher.idle();
      const failed = await findEvent(database.db, id);
      expect(failed?.dispatchedAtMs).toBeNull();
      expect(failed?.lastError).toContain('flaky handler fails once');
      expect(await database.db.selectFrom('domain_events').select('id').where('type', '=', 'test.child').execute()).toEqual([]);

      // Retried after 1 s (first retry delay), found by the poll.
      await waitUntil(() => calls.flaky === 2, 5000, 'the retry');
      await server.app.realtime.dispatcher.idle();
      expect(calls.steady).toBe(1);
      expect((await findEvent(database.db, id))?.dispatchedAtMs).not.toBeNull();
      expect(await database.db.selectFrom('domain_events').select('payload_json').where('type', '=', 'test.child').execute()).toEqual([{ payload_json: JSON.stringify({ parent: id }) }]);
    } finally {
      await server.app.close();
    }
  });

  it('claims each event once under concurrency, never more than the limit: four connections racing', async () => {
    // A database of its own: only these events are waiting.
    const own = await createTestDatabase(dialect);
    const handles = [own, ...[1, 2, 3].map(() => openDatabase(own.url, { backgroundCheckpoint: false }))];
    try {
      await recordEvents(own.db, Array.from({ length: 120 }, (_, n) => ({ type: 'test.restart', payload: { n } })));
      await Promise.all(handles.map((handle) => handle.ping()));
      const claimed: number[][] = [[], [], [], []];
      const sizes: number[] = [];
      await Promise.all(
        handles.map(async (handle, index) => {
          for (let round = 0; round < 60; round++) {
            const events = await claimEvents(handle.db, { nowMs: Date.now(), leaseMs: 60_000, limit: 2, maxAttempts: 25 });
            sizes.push(events.length);
            claimed[index]!.push(...events.map((e) => e.id));
            if (events.length === 0) break;
          }
        }),
      );
      // PostgreSQL: `id in (subquery … limit … skip locked)` may run the subquery again per row and take far more than the limit.
      expect(Math.max(...sizes)).toBeLessThanOrEqual(2);
      const ids = claimed.flat();
      expect(ids.length).toBe(120);
      expect(new Set(ids).size).toBe(120);
      expect(claimed.filter((list) => list.length > 0).length).toBeGreaterThan(1);
    } finally {
      for (const handle of handles.slice(1)) await handle.close();
      await own.destroy();
    }
  });
});
