import { systemClock, type Clock } from '@sweepstack/domain/shared/clock';
import { PostgresAdapter, sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../schema';
import { OUTBOX_INSERT_PREFIX } from '../outbox-wake';
import { statementsOf } from '../statements';
import type { DomainEventsTable } from '../tables/events';

/**
 * The event outbox (DESIGN.md rule 3, docs/realtime.md). `recordEvent` writes in the caller's
 * transaction, so an event exists exactly when the state change it describes was committed; the
 * server's dispatcher claims committed events, pushes them and runs the feature handlers.
 */
type Db = Kysely<Database> | Transaction<Database>;


export interface NewDomainEvent {
  /** Dotted name of what happened: `player.game-mode-changed`. */
  type: string;
  /** The player the event concerns; its push goes to that player's sockets. Null: nobody in particular. */
  playerId?: number | null;
  /** Data for feature handlers. */
  payload?: Record<string, unknown>;
  /**
   * The message for sockets (a push message of the contracts, validated by the server before it is
   * recorded and again before it is emitted). To every socket when playerId is null.
   */
  push?: unknown;
}

export interface DomainEvent {
  id: number;
  type: string;
  playerId: number | null;
  payload: Record<string, unknown>;
  push: unknown;
  createdAtMs: number;
  /** Claims so far, this one included. */
  attempts: number;
  /** The push already went out in an earlier attempt. */
  pushed: boolean;
}

type Row = Selectable<DomainEventsTable>;

const wakeListeners = new Set<() => void>();

/** Checks an event before it is recorded (the server installs its catalogue's check); throws to refuse it. */
export type EventCheck = (type: string, payload: Record<string, unknown>) => void;
let eventCheck: EventCheck | undefined;

/**
 * Every event recorded in this process from now on goes through `check` first (the server installs the
 * contracts' event catalogue at start, so no producer can record an undeclared event or a payload that
 * fails its schema; the refusal throws inside the producer's transaction, which rolls back).
 */
export function checkEventsWith(check: EventCheck | undefined): void {
  eventCheck = check;
}

/**
 * Calls `listener` whenever this process records an event on SQLite. The listener's next query
 * queues behind the recording transaction (SQLite has one connection), so it runs right after the
 * commit or rollback: no polling delay, and nothing is seen of a rolled-back transaction.
 */
export function onEventRecorded(listener: () => void): () => void {
  wakeListeners.add(listener);
  return () => wakeListeners.delete(listener);
}

function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

function toEvent(row: Row): DomainEvent {
  return {
    id: Number(row.id),
    type: row.type,
    playerId: row.player_id === null ? null : Number(row.player_id),
    payload: JSON.parse(row.payload_json) as Record<string, unknown>,
    push: row.push_json === null ? null : (JSON.parse(row.push_json) as unknown),
    createdAtMs: Number(row.created_at_ms),
    attempts: Number(row.attempts),
    pushed: row.pushed_at_ms !== null,
  };
}

// The insert starts with OUTBOX_INSERT_PREFIX: on PostgreSQL the driver NOTIFYs the dispatchers after the commit
// of a transaction that ran it (outbox-wake.ts).
const EVENT_COLUMNS = '(type, player_id, payload_json, push_json, created_at_ms, dispatched_at_ms, pushed_at_ms, claimed_until_ms, last_error)';
const EVENT_VALUES = '(?, ?, ?, ?, ?, null, null, null, null)';

/** Writes a domain event in `db` (the caller's transaction): it is delivered only if that commits. */
export async function recordEvent(db: Db, event: NewDomainEvent, options: { clock?: Clock } = {}): Promise<number> {
  const [id] = await recordEvents(db, [event], options);
  return id!;
}

/** At most this many events per insert of `recordEvents` (the SQL text depends only on the count). */
const EVENTS_PER_STATEMENT = 32;

/** Writes several events in the caller's transaction, in the order given (ids ascending); answers their ids. */
export async function recordEvents(db: Db, events: readonly NewDomainEvent[], options: { clock?: Clock } = {}): Promise<number[]> {
  if (events.length === 0) return [];
  const statements = statementsOf(db);
  const nowMs = (options.clock ?? systemClock).nowMs();
  const ids: number[] = [];
  for (let start = 0; start < events.length; start += EVENTS_PER_STATEMENT) {
    const chunk = events.slice(start, start + EVENTS_PER_STATEMENT);
    const params: unknown[] = [];
    for (const event of chunk) {
      if (!/^[a-z][\w.-]{0,99}$/i.test(event.type)) throw new Error(`invalid domain event type: ${event.type}`);
      eventCheck?.(event.type, event.payload ?? {});
      params.push(event.type, event.playerId ?? null, JSON.stringify(event.payload ?? {}), event.push === undefined || event.push === null ? null : JSON.stringify(event.push), nowMs);
    }
    const values = Array.from({ length: chunk.length }, () => EVENT_VALUES).join(', ');
    const rows = await statements.all<{ id: number }>(`${OUTBOX_INSERT_PREFIX}${EVENT_COLUMNS} values ${values} returning id`, params);
    // Rows of one insert get ascending ids in the order of its values.
    ids.push(...rows.map((row) => Number(row.id)).sort((a, b) => a - b));
  }
  // PostgreSQL: the driver wakes every process's dispatcher once the transaction commits.
  if (!statements.postgres) for (const listener of wakeListeners) listener();
  return ids;
}

export interface ClaimOptions {
  nowMs: number;
  /** How long the claim holds; a process that dies mid-dispatch lets it expire and another takes over. */
  leaseMs: number;
  limit: number;
  /** Events claimed this many times are left alone (a handler keeps failing): see last_error. */
  maxAttempts: number;
}

/**
 * Claims up to `limit` undispatched events, oldest first, atomically: one UPDATE … WHERE
 * dispatched_at_ms IS NULL AND the claim is free, so several processes never take the same event.
 */
export async function claimEvents(db: Kysely<Database>, options: ClaimOptions): Promise<DomainEvent[]> {
  const pg = isPostgres(db);
  let candidates = db
    .selectFrom('domain_events')
    .select('id')
    .where('dispatched_at_ms', 'is', null)
    .where((eb) => eb.or([eb('claimed_until_ms', 'is', null), eb('claimed_until_ms', '<=', options.nowMs)]))
    .where('attempts', '<', options.maxAttempts)
    .orderBy('id')
    .limit(options.limit);
  if (pg) candidates = candidates.forUpdate().skipLocked();
  const rows = await db
    .updateTable('domain_events')
    .set((eb) => ({ claimed_until_ms: options.nowMs + options.leaseMs, attempts: eb('attempts', '+', 1) }))
    // PostgreSQL: `id IN (subquery … LIMIT … SKIP LOCKED)` may run the subquery again while rows are
    // rechecked and update more than `limit` rows (outbox.integration.test.ts: a claim of 2 took all
    // 120 under a race); ARRAY(subquery) runs it exactly once, as the jobs' claim does.
    .where((eb) => (pg ? sql<boolean>`${eb.ref('id')} = any(array(${candidates}))` : eb('id', 'in', candidates)))
    // Checked again on the row itself: under PostgreSQL's READ COMMITTED a concurrent claim that
    // committed first makes this row fail the condition, so it is skipped rather than taken twice.
    .where('dispatched_at_ms', 'is', null)
    .where((eb) => eb.or([eb('claimed_until_ms', 'is', null), eb('claimed_until_ms', '<=', options.nowMs)]))
    .returningAll()
    .execute();
  return rows.map(toEvent).sort((a, b) => a.id - b.id);
}

/** Records that the pushes of these events went out (a later retry of their handlers does not push again). */
export async function markEventsPushed(db: Db, ids: number[], nowMs: number): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('domain_events').set({ pushed_at_ms: nowMs }).where('id', 'in', ids).where('pushed_at_ms', 'is', null).execute();
}

/** Marks events done: pushed and every handler finished. */
export async function markEventsDispatched(db: Db, ids: number[], nowMs: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('domain_events')
    .set((eb) => ({ dispatched_at_ms: nowMs, pushed_at_ms: eb.fn.coalesce('pushed_at_ms', eb.val(nowMs)), claimed_until_ms: null }))
    .where('id', 'in', ids)
    .execute();
}

/** A handler failed: the event is retried once `retryAtMs` has passed (its claim lasts until then). */
export async function markEventFailed(db: Db, id: number, options: { retryAtMs: number; error: string }): Promise<void> {
  await db
    .updateTable('domain_events')
    .set({ claimed_until_ms: options.retryAtMs, last_error: options.error.slice(0, 1000) })
    .where('id', '=', id)
    .where('dispatched_at_ms', 'is', null)
    .execute();
}

/**
 * Inside a handler's transaction: true the first time `handler` sees `eventId`, false after that.
 * Rolled back with the handler's own writes when it fails, so a retry runs it again.
 */
export async function claimEventReceipt(db: Db, handler: string, eventId: number, nowMs: number): Promise<boolean> {
  const result = await db
    .insertInto('domain_event_receipts')
    .values({ handler, event_id: eventId, handled_at_ms: nowMs })
    .onConflict((oc) => oc.columns(['handler', 'event_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/**
 * Inside a batch handler's transaction: the ids of `eventIds` this handler had not seen yet, whose
 * receipts are now written (one statement). Rolled back with the handler's writes if it fails.
 */
export async function claimEventReceipts(db: Db, handler: string, eventIds: readonly number[], nowMs: number): Promise<Set<number>> {
  const fresh = new Set<number>();
  if (eventIds.length === 0) return fresh;
  // Prepared statements of at most RECEIPTS_PER_STATEMENT rows (ADR 0002): every spin's event gets a
  // receipt per batch handler, so this runs as often as spins do.
  const statements = statementsOf(db);
  for (let start = 0; start < eventIds.length; start += RECEIPTS_PER_STATEMENT) {
    const chunk = eventIds.slice(start, start + RECEIPTS_PER_STATEMENT);
    const params: unknown[] = [];
    for (const id of chunk) params.push(handler, id, nowMs);
    const rows = await statements.all<{ event_id: number | string }>(receiptsInsert(chunk.length), params);
    for (const row of rows) fresh.add(Number(row.event_id));
  }
  return fresh;
}

/** At most this many receipts per insert of `claimEventReceipts` (the SQL text depends only on the count). */
const RECEIPTS_PER_STATEMENT = 50;
const receiptsInserts: string[] = [];

function receiptsInsert(count: number): string {
  return (receiptsInserts[count] ??=
    `insert into domain_event_receipts (handler, event_id, handled_at_ms) values ${Array.from({ length: count }, () => '(?, ?, ?)').join(', ')} on conflict (handler, event_id) do nothing returning event_id`);
}

export interface HandlerRetry {
  handler: string;
  eventId: number;
  attempts: number;
  retryAtMs: number;
  lastError: string;
}

/** The retry state of every handler that failed on one of these events (only events claimed before can have one). */
export async function findHandlerRetries(db: Db, eventIds: readonly number[]): Promise<HandlerRetry[]> {
  if (eventIds.length === 0) return [];
  const rows = await db.selectFrom('domain_event_handler_retries').selectAll().where('event_id', 'in', eventIds).execute();
  return rows.map((r) => ({ handler: r.handler, eventId: Number(r.event_id), attempts: Number(r.attempts), retryAtMs: Number(r.retry_at_ms), lastError: r.last_error }));
}

/** Records one more failed attempt of `handler` on `eventId`, to retry at `retryAtMs`. */
export async function recordHandlerFailure(db: Db, failure: { handler: string; eventId: number; attempts: number; retryAtMs: number; error: string }): Promise<void> {
  const values = { handler: failure.handler, event_id: failure.eventId, attempts: failure.attempts, retry_at_ms: failure.retryAtMs, last_error: failure.error.slice(0, 1000) };
  await db
    .insertInto('domain_event_handler_retries')
    .values(values)
    .onConflict((oc) => oc.columns(['event_id', 'handler']).doUpdateSet({ attempts: values.attempts, retry_at_ms: values.retry_at_ms, last_error: values.last_error }))
    .execute();
}

/** Events not dispatched yet (for operations and tests). */
export async function countUndispatchedEvents(db: Db): Promise<number> {
  const row = await db.selectFrom('domain_events').select((eb) => eb.fn.countAll<number>().as('n')).where('dispatched_at_ms', 'is', null).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes events dispatched before `beforeMs` and their receipts. Returns how many events went. */
export async function pruneDispatchedEvents(db: Kysely<Database>, beforeMs: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const old = trx.selectFrom('domain_events').select('id').where('dispatched_at_ms', '<', beforeMs);
    await trx.deleteFrom('domain_event_receipts').where('event_id', 'in', old).execute();
    await trx.deleteFrom('domain_event_handler_retries').where('event_id', 'in', old).execute();
    const result = await trx.deleteFrom('domain_events').where('dispatched_at_ms', '<', beforeMs).executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}

/** Reads one event row as stored (tests and operations). */
export async function findEvent(db: Db, id: number): Promise<(DomainEvent & { dispatchedAtMs: number | null; lastError: string | null }) | undefined> {
  const row = await db.selectFrom('domain_events').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  return { ...toEvent(row), dispatchedAtMs: row.dispatched_at_ms === null ? null : Number(row.dispatched_at_ms), lastError: row.last_error };
}
