import {
  claimEventReceipt,
  claimEventReceipts,
  claimEvents,
  type DomainEvent,
  findHandlerRetries,
  type HandlerRetry,
  markEventFailed,
  markEventsDispatched,
  markEventsPushed,
  onEventRecorded,
  pruneDispatchedEvents,
  recordHandlerFailure,
} from '@sweepstack/db/repositories/domain-events';
import type { Database } from '@sweepstack/db/schema';
import type { DatabaseHandle } from '@sweepstack/db/connection';
import { OUTBOX_NOTIFY_CHANNEL } from '@sweepstack/db/outbox-wake';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import pg from 'pg';
import type { EventContext, EventRegistry, RegisteredHandler } from './registry';

/** Delivers one event's push to sockets; returns an error text when the push was refused. */
export type PushSink = (event: DomainEvent) => string | undefined;

export interface DispatcherOptions {
  database: DatabaseHandle;
  registry: EventRegistry;
  push: PushSink;
  log: FastifyBaseLogger;
  /** Builds a handler's context around its transaction (the server's deps and services; leases and retries use the wall clock). */
  context: (trx: Transaction<Database>) => EventContext;
  /** Safety-net poll for events committed by other processes or left over by a crash. */
  pollMs?: number;
  leaseMs?: number;
  batchSize?: number;
  maxAttempts?: number;
  /** Dispatched events older than this are deleted (checked about hourly). */
  retentionMs?: number;
}

export const OUTBOX_DEFAULTS = { pollMs: 1000, leaseMs: 30_000, batchSize: 200, maxAttempts: 25, retentionMs: 7 * 24 * 3600_000 } as const;

/**
 * How long claimed events may wait for their batch handlers, so that one transaction per batch handler
 * covers the events of several commits (docs/realtime.md, "Batch handlers"). Pushes never wait.
 */
export const BATCH_WINDOW_MS = 100;

/** The events of one or more dispatch passes, with their handlers' retry state and what is still owed. */
interface Pass {
  events: DomainEvent[];
  /** Retry state of the handlers that failed on these events before, by `<eventId>:<handler>`. */
  retries: Map<string, HandlerRetry>;
  /** Per event: the earliest time a pending handler wants it again, and why. */
  pending: Map<number, { retryAtMs: number; error: string }>;
  nowMs: number;
}

/** Delay before retry number `attempt` (1-based) of a failed handler: 1 s doubling, at most 5 minutes. */
export function retryDelayMs(attempt: number): number {
  return Math.min(300_000, 1000 * 2 ** Math.max(0, attempt - 1));
}

/**
 * The outbox dispatcher (DESIGN.md rule 3): claims committed events, pushes them to sockets and runs
 * the feature handlers, then marks them dispatched. Woken right after a commit (in-process on SQLite,
 * PostgreSQL NOTIFY across processes) and by a slow poll for leftovers.
 */
export class OutboxDispatcher {
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly batchSize: number;
  private readonly maxAttempts: number;
  private readonly retentionMs: number;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private listener: pg.Client | null = null;
  private listenerRetry: NodeJS.Timeout | null = null;
  private lastPruneMs = 0;

  constructor(private readonly options: DispatcherOptions) {
    this.pollMs = options.pollMs ?? OUTBOX_DEFAULTS.pollMs;
    this.leaseMs = options.leaseMs ?? OUTBOX_DEFAULTS.leaseMs;
    this.batchSize = options.batchSize ?? OUTBOX_DEFAULTS.batchSize;
    this.maxAttempts = options.maxAttempts ?? OUTBOX_DEFAULTS.maxAttempts;
    this.retentionMs = options.retentionMs ?? OUTBOX_DEFAULTS.retentionMs;
  }

  /** Starts listening for commits and sweeps once at once (events left by a previous run). */
  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    if (this.options.database.dialect === 'sqlite') this.unsubscribe = onEventRecorded(() => this.wake());
    else await this.listen();
    this.timer = setInterval(() => this.wake(), this.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Stops waking and waits for the dispatch in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.batchTimer) clearTimeout(this.batchTimer);
    this.batchTimer = null;
    if (this.listenerRetry) clearTimeout(this.listenerRetry);
    this.timer = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => undefined);
    await this.running;
    // Events that waited for their batch handlers get them before the dispatcher goes.
    await this.flushBatchesNow();
  }

  /** Runs a dispatch pass now (or right after the one in progress). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) => this.options.log.error({ err: error }, 'outbox dispatch failed; retried by the next poll'))
      .finally(() => {
        this.running = null;
        if (this.again && !this.stopped) this.wake();
      });
  }

  /** Resolves when no dispatch is running and no event waits for its batch handlers (tests and benchmarks). */
  async idle(): Promise<void> {
    while (this.running || this.batchQueue.length > 0) {
      if (this.running) await this.running;
      else await this.flushBatchesNow();
    }
  }

  private async drain(): Promise<void> {
    try {
      for (;;) {
        this.again = false;
        const events = await claimEvents(this.options.database.db, {
          nowMs: Date.now(),
          leaseMs: this.leaseMs,
          limit: this.batchSize,
          maxAttempts: this.maxAttempts,
        });
        if (events.length > 0) await this.dispatch(events);
        const more = !this.stopped && (events.length === this.batchSize || this.again);
        // Batch handlers take what several passes claimed (at most BATCH_WINDOW_MS or a batch): under
        // a stream of spins, one transaction per handler covers many commits instead of each one.
        if (this.stopped || this.batchQueuedEvents >= this.batchSize || Date.now() - this.batchSinceMs >= BATCH_WINDOW_MS) await this.flushBatches();
        // Under a steady stream, marking done events waits for the next pass (at most 50 ms or a
        // batch): one UPDATE for many events, and the next push is not queued behind it. Their
        // claims hold meanwhile, so nobody else takes them.
        if (!more || this.doneIds.length >= this.batchSize || Date.now() - this.doneSinceMs >= 50) await this.flushDone();
        if (!more) break;
      }
    } finally {
      if (this.stopped) await this.flushBatches();
      await this.flushDone();
      this.scheduleBatchFlush();
    }
    await this.pruneNowAndThen();
  }

  private doneIds: number[] = [];
  private doneSinceMs = 0;

  private async flushDone(): Promise<void> {
    if (this.doneIds.length === 0) return;
    const ids = this.doneIds;
    this.doneIds = [];
    await markEventsDispatched(this.options.database.db, ids, Date.now());
  }

  /** Passes whose events wait for their batch handlers, and since when the oldest waits. */
  private batchQueue: Pass[] = [];
  private batchQueuedEvents = 0;
  private batchSinceMs = 0;
  private batchTimer: NodeJS.Timeout | null = null;

  /** Events waiting for their batch handlers get them at the latest BATCH_WINDOW_MS after they came. */
  private scheduleBatchFlush(): void {
    if (this.batchQueue.length === 0 || this.batchTimer || this.stopped) return;
    this.batchTimer = setTimeout(() => {
      this.batchTimer = null;
      this.wake();
    }, Math.max(0, this.batchSinceMs + BATCH_WINDOW_MS - Date.now()));
    this.batchTimer.unref();
  }

  /** Runs the queued batches now, outside a pass (idle() of the tests and benchmarks). */
  private async flushBatchesNow(): Promise<void> {
    if (this.running) return;
    this.running = this.flushBatches().then(() => this.flushDone());
    try {
      await this.running;
    } finally {
      this.running = null;
      if (this.again && !this.stopped) this.wake();
    }
  }

  private async flushBatches(): Promise<void> {
    if (this.batchQueue.length === 0) return;
    if (this.batchTimer) clearTimeout(this.batchTimer);
    this.batchTimer = null;
    const passes = this.batchQueue;
    this.batchQueue = [];
    this.batchQueuedEvents = 0;
    const merged: Pass = { events: passes.flatMap((p) => p.events), retries: new Map(passes.flatMap((p) => [...p.retries])), pending: new Map(passes.flatMap((p) => [...p.pending])), nowMs: Date.now() };
    await this.runHandlers(merged, 'batch');
    await this.finish(merged);
  }

  private async dispatch(events: DomainEvent[]): Promise<void> {
    const { database, log, registry } = this.options;
    // Pushes first: they are what a player waits for; handlers may take longer.
    const refused = new Map<number, string>();
    for (const event of events) {
      if (event.push === null || event.pushed) continue;
      const error = this.options.push(event);
      if (error) refused.set(event.id, error);
    }
    const now = Date.now();
    // Only an event claimed before can have a handler's retry state.
    const retried = events.filter((e) => e.attempts > 1).map((e) => e.id);
    const retries = new Map<string, HandlerRetry>();
    for (const retry of await findHandlerRetries(database.db, retried)) retries.set(`${retry.eventId}:${retry.handler}`, retry);
    const pass: Pass = { events, retries, pending: new Map(), nowMs: now };
    await this.runHandlers(pass, 'single');
    for (const [id, error] of refused) {
      log.error({ eventId: id, error }, 'push refused by the contract');
      // The claim is kept (retryAtMs a lease away) until the deferred mark below makes it done.
      await markEventFailed(database.db, id, { retryAtMs: now + this.leaseMs, error: `push refused: ${error}` });
    }
    // Events with batch handlers wait for them (flushBatches); the others are finished now.
    const batched: DomainEvent[] = [];
    const direct: DomainEvent[] = [];
    for (const event of events) (registry.handlersFor(event.type).some((h) => h.handleBatch) ? batched : direct).push(event);
    if (batched.length === 0) return this.finish(pass);
    if (direct.length > 0) await this.finish({ ...pass, events: direct });
    if (this.batchQueue.length === 0) this.batchSinceMs = now;
    this.batchQueue.push({ ...pass, events: batched });
    this.batchQueuedEvents += batched.length;
  }

  /** Marks the events of a pass done, or failed until the earliest retry of a pending handler. */
  private async finish(pass: Pass): Promise<void> {
    const { database } = this.options;
    const now = Date.now();
    const done: number[] = [];
    const failed: { event: DomainEvent; error: string; retryAtMs: number }[] = [];
    for (const event of pass.events) {
      const wait = pass.pending.get(event.id);
      if (wait) failed.push({ event, error: wait.error, retryAtMs: wait.retryAtMs });
      else done.push(event.id);
    }
    if (done.length > 0) {
      if (this.doneIds.length === 0) this.doneSinceMs = now;
      this.doneIds.push(...done);
    }
    if (failed.length > 0) {
      await markEventsPushed(
        database.db,
        failed.map((f) => f.event.id),
        now,
      );
      for (const { event, error, retryAtMs } of failed) await markEventFailed(database.db, event.id, { retryAtMs, error });
    }
  }

  /**
   * Runs the handlers of one kind (`single`: one event per transaction; `batch`: many) of every
   * event of the pass. Each handler keeps its own retry state per event
   * (domain_event_handler_retries): a handler that fails is retried on its own backoff, and the other
   * handlers of the same event run now and leave their receipts, so nothing waits for it. A batch
   * handler gets every event of the pass it has not seen in one transaction; if that fails, it is run
   * one event per transaction to find the failing one. Records in `pass.pending` the events a handler
   * still owes (an event is done when none does).
   */
  private async runHandlers(pass: Pass, kind: 'single' | 'batch'): Promise<void> {
    const { database, registry, log } = this.options;
    const { retries, pending } = pass;
    const waitFor = (eventId: number, retryAtMs: number, error: string) => {
      const current = pending.get(eventId);
      if (!current || retryAtMs < current.retryAtMs) pending.set(eventId, { retryAtMs, error });
    };

    const byType = new Map<string, DomainEvent[]>();
    for (const event of pass.events) {
      const list = byType.get(event.type);
      if (list) list.push(event);
      else byType.set(event.type, [event]);
    }
    for (const [type, ofType] of byType) {
      for (const handler of registry.handlersFor(type)) {
        if ((kind === 'batch') !== Boolean(handler.handleBatch)) continue;
        const due: DomainEvent[] = [];
        for (const event of ofType) {
          const retry = retries.get(`${event.id}:${handler.name}`);
          if (retry && retry.attempts >= this.maxAttempts) continue; // given up: see its last_error
          if (retry && retry.retryAtMs > pass.nowMs) waitFor(event.id, retry.retryAtMs, `${handler.name}: ${retry.lastError}`);
          else due.push(event);
        }
        if (due.length === 0) continue;
        const failures = handler.handleBatch ? await this.runBatch(handler, due) : await this.runEach(handler, due);
        for (const { event, error } of failures) {
          const attempts = (retries.get(`${event.id}:${handler.name}`)?.attempts ?? 0) + 1;
          const retryAtMs = Date.now() + retryDelayMs(attempts);
          const message = `${handler.name}: ${error instanceof Error ? error.message : String(error)}`;
          log.error({ err: error, eventId: event.id, eventType: event.type, handler: handler.name, attempts }, attempts >= this.maxAttempts ? 'event handler failed for the last time; given up' : 'event handler failed; will retry');
          await recordHandlerFailure(database.db, { handler: handler.name, eventId: event.id, attempts, retryAtMs, error: message });
          if (attempts < this.maxAttempts) waitFor(event.id, retryAtMs, message);
        }
      }
    }
  }

  /** One transaction per event (receipt and the handler's writes together). */
  private async runEach(handler: RegisteredHandler, events: DomainEvent[]): Promise<{ event: DomainEvent; error: unknown }[]> {
    const failures: { event: DomainEvent; error: unknown }[] = [];
    for (const event of events) {
      try {
        await this.options.database.db.transaction().execute(async (trx) => {
          if (!(await claimEventReceipt(trx, handler.name, event.id, Date.now()))) return;
          const context = this.options.context(trx);
          if (handler.handle) await handler.handle(event, context);
          else await handler.handleBatch!([event], context);
        });
      } catch (error) {
        failures.push({ event, error });
      }
    }
    return failures;
  }

  /** Batches of at most `maxBatch` events, one transaction each; a failed batch is retried event by event. */
  private async runBatch(handler: RegisteredHandler, events: DomainEvent[]): Promise<{ event: DomainEvent; error: unknown }[]> {
    const failures: { event: DomainEvent; error: unknown }[] = [];
    for (let start = 0; start < events.length; start += handler.maxBatch) {
      const batch = events.slice(start, start + handler.maxBatch);
      try {
        await this.options.database.db.transaction().execute(async (trx) => {
          const fresh = await claimEventReceipts(
            trx,
            handler.name,
            batch.map((e) => e.id),
            Date.now(),
          );
          const unseen = fresh.size === batch.length ? batch : batch.filter((e) => fresh.has(e.id));
          if (unseen.length > 0) await handler.handleBatch!(unseen, this.options.context(trx));
        });
      } catch {
        // Rolled back as a whole: find the event(s) it fails on, and let the others through.
        failures.push(...(await this.runEach(handler, batch)));
      }
    }
    return failures;
  }

  private async pruneNowAndThen(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPruneMs < 3600_000) return;
    this.lastPruneMs = now;
    await pruneDispatchedEvents(this.options.database.db, now - this.retentionMs);
  }

  /** PostgreSQL: LISTEN on a connection of its own; NOTIFY arrives only for committed transactions. */
  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.database.url });
    const retry = () => {
      if (this.stopped || this.listener !== client) return;
      this.listener = null;
      void client.end().catch(() => undefined);
      this.listenerRetry = setTimeout(() => void this.listen().catch(() => undefined), 1000);
      this.listenerRetry.unref();
    };
    client.on('error', (error) => {
      this.options.log.warn({ err: error }, 'outbox LISTEN connection lost; polling until it is back');
      retry();
    });
    client.on('notification', () => this.wake());
    this.listener = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${OUTBOX_NOTIFY_CHANNEL}`);
      // Events committed while the listener was away: sweep once.
      this.wake();
    } catch (error) {
      this.options.log.warn({ err: error }, 'outbox LISTEN failed; polling until it works');
      retry();
    }
  }
}
