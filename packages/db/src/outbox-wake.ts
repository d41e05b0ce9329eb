import type { CompiledQuery, DatabaseConnection, Driver, QueryResult, TransactionSettings } from 'kysely';

/**
 * How PostgreSQL processes learn that outbox events were committed (DESIGN.md rule 3,
 * docs/realtime.md): a NOTIFY on this channel, which every dispatcher LISTENs to.
 */
export const OUTBOX_NOTIFY_CHANNEL = 'sweepstack_domain_events';

/** The statement that writes an outbox event starts with this text (repositories/domain-events.ts). */
export const OUTBOX_INSERT_PREFIX = 'insert into domain_events ';

/**
 * NOTIFY after commit, not inside the transaction (docs/decisions/0005). PostgreSQL makes every
 * transaction that notifies commit behind one lock held through its WAL flush, so notifying inside
 * each spin or purchase made their commits one at a time instead of sharing WAL flushes.
 *
 * Instead, the driver watches its connections. A connection whose open transaction wrote an outbox
 * event is marked. When that transaction commits, `wake` is called: once the commit is durable, never
 * for a rollback. An event written outside a transaction wakes right after its statement. The waker
 * coalesces: one NOTIFY per event-loop turn for any number of commits. A process that dies between
 * its commit and the NOTIFY leaves the events to the dispatchers' one-second poll.
 */
export function withOutboxWakeOnCommit(driver: Driver, wake: () => void): Driver {
  const watched = new WeakSet<DatabaseConnection>();
  const inTransaction = new WeakSet<DatabaseConnection>();
  const wroteEvent = new WeakSet<DatabaseConnection>();
  const acquire = driver.acquireConnection.bind(driver);
  const begin = driver.beginTransaction.bind(driver);
  const commit = driver.commitTransaction.bind(driver);
  const rollback = driver.rollbackTransaction.bind(driver);

  driver.acquireConnection = async () => {
    const connection = await acquire();
    if (!watched.has(connection)) {
      watched.add(connection);
      const execute = connection.executeQuery.bind(connection);
      connection.executeQuery = async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
        const result = await execute<R>(query);
        if (query.sql.startsWith(OUTBOX_INSERT_PREFIX)) {
          if (inTransaction.has(connection)) wroteEvent.add(connection);
          else wake();
        }
        return result;
      };
    }
    return connection;
  };
  driver.beginTransaction = async (connection: DatabaseConnection, settings: TransactionSettings) => {
    await begin(connection, settings);
    inTransaction.add(connection);
    wroteEvent.delete(connection);
  };
  driver.commitTransaction = async (connection: DatabaseConnection) => {
    await commit(connection);
    inTransaction.delete(connection);
    if (wroteEvent.delete(connection)) wake();
  };
  driver.rollbackTransaction = async (connection: DatabaseConnection) => {
    inTransaction.delete(connection);
    wroteEvent.delete(connection);
    await rollback(connection);
  };
  return driver;
}

/** One NOTIFY per event-loop turn, however many commits asked for one; `notify` sends it. */
export function coalescedWaker(notify: () => Promise<unknown>): { wake: () => void; close: () => void } {
  let scheduled = false;
  let closed = false;
  return {
    wake: () => {
      if (scheduled || closed) return;
      scheduled = true;
      setImmediate(() => {
        scheduled = false;
        if (closed) return;
        // A lost NOTIFY only delays delivery to the dispatchers' poll.
        notify().catch(() => undefined);
      });
    },
    close: () => {
      closed = true;
    },
  };
}
