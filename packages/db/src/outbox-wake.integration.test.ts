import { createTestDatabase, postgresAdminUrl, type TestDatabase } from '@sweepstack/testkit/test-database';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_NOTIFY_CHANNEL } from './outbox-wake';
import { recordEvent } from './repositories/domain-events';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// PostgreSQL only: the NOTIFY that wakes other processes' dispatchers (docs/decisions/0005).
describe.skipIf(!postgresAdminUrl())('outbox wake on PostgreSQL', () => {
  let database: TestDatabase;
  let listener: pg.Client;
  const notifications: number[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    listener = new pg.Client({ connectionString: database.url });
    await listener.connect();
    listener.on('notification', (message) => {
      if (message.channel === OUTBOX_NOTIFY_CHANNEL) notifications.push(Date.now());
    });
    await listener.query(`LISTEN ${OUTBOX_NOTIFY_CHANNEL}`);
  });
  afterAll(async () => {
    await listener?.end();
    await database?.destroy();
  });

  async function waitForNotification(count: number): Promise<void> {
    const deadline = Date.now() + 3000;
    while (notifications.length < count && Date.now() < deadline) await sleep(10);
  }
  const eventCount = async () => Number((await database.db.selectFrom('domain_events').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  it('notifies after a commit that wrote an event, once the event is visible, and not before', async () => {
    const before = notifications.length;
    const visibleBefore = await eventCount();
    await database.db.transaction().execute(async (trx) => {
      await recordEvent(trx, { type: 'test.committed', playerId: null, payload: {} });
      await recordEvent(trx, { type: 'test.committed', playerId: null, payload: {} });
      await sleep(150);
      expect(notifications.length).toBe(before);
    });
    await waitForNotification(before + 1);
    expect(notifications.length).toBeGreaterThan(before);
    expect(await eventCount()).toBe(visibleBefore + 2);
  });

  it('does not notify for a transaction that rolled back', async () => {
    await sleep(100);
    const before = notifications.length;
    await expect(
      database.db.transaction().execute(async (trx) => {
        await recordEvent(trx, { type: 'test.rolled-back', playerId: null, payload: {} });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await sleep(300);
    expect(notifications.length).toBe(before);
  });

  it('notifies for an event written outside a transaction, and for a burst of commits', async () => {
    await sleep(100);
    const before = notifications.length;
    await recordEvent(database.db, { type: 'test.autocommit', playerId: null, payload: {} });
    await waitForNotification(before + 1);
    expect(notifications.length).toBe(before + 1);
    const many = notifications.length;
    await Promise.all(Array.from({ length: 20 }, () => database.db.transaction().execute((trx) => recordEvent(trx, { type: 'test.burst', playerId: null, payload: {} }))));
    await waitForNotification(many + 1);
    await sleep(200);
    expect(notifications.length).toBeGreaterThan(many);
  });
});
