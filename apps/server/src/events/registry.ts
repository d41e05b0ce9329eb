import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { EventDefinition, EventPayload } from '@sweepstack/contracts/events';
import type { DomainEvent } from '@sweepstack/db/repositories/domain-events';
import type { Database } from '@sweepstack/db/schema';
import type { Clock } from '@sweepstack/domain/shared/clock';
import type { Rng } from '@sweepstack/domain/shared/rng';
import type { FastifyBaseLogger } from 'fastify';
import type { CreditPlayerRequest, CreditPlayerResult } from '../rewards/credit-player';
import type { Transaction } from 'kysely';
import type { ServerConfig } from '../config';
import type { ScheduleJob } from '../jobs/registry';
import type { RecordPushRequest } from '../realtime/push';

/**
 * Services bound to a handler's transaction. Built in: `recordPush`, `scheduleJob` and the rewards
 * engine's `creditPlayer`. Other parts of the platform add theirs by module augmentation of
 * this interface (`declare module '…/events/registry' { interface TransactionServices { … } }`) and by
 * `app.features.provide(name, factory)` at start. Reading one that nobody provided throws.
 */
export interface TransactionServices {
  /** Records a push (and its event) in the handler's transaction: it goes out once that commits. */
  recordPush(request: RecordPushRequest): Promise<number>;
  /** Schedules a durable job in the handler's transaction (docs/jobs.md): unique on (kind, key). */
  scheduleJob: ScheduleJob;
  /** Pays a prize in the handler's transaction, once per key (docs/rewards.md): the one way a feature pays. */
  creditPlayer(request: CreditPlayerRequest): Promise<CreditPlayerResult>;
}

export interface EventContext extends TransactionServices {
  /**
   * The handler's own transaction: write only through it. It also holds the handler's receipt for
   * the event(s), so the handler's writes happen exactly once (a failure rolls both back and retries).
   */
  db: Transaction<Database>;
  /** The same transaction as `db`. */
  trx: Transaction<Database>;
  clock: Clock;
  rng: Rng;
  config: ServerConfig;
  log: FastifyBaseLogger;
}

/** An event as a typed handler sees it: the payload is its declared schema's output. */
export interface TypedEvent<E extends EventDefinition> extends Omit<DomainEvent, 'payload' | 'type'> {
  type: E['name'];
  payload: EventPayload<E>;
}

export type EventHandler = (event: DomainEvent, context: EventContext) => Promise<void> | void;
export type BatchEventHandler = (events: DomainEvent[], context: EventContext) => Promise<void> | void;

export interface RegisteredHandler {
  /** Stable name: the key of the handler's receipts and retry state (renaming re-runs it on pending events only). */
  name: string;
  /** Exactly one of `handle` (one event per transaction) and `handleBatch` (many per transaction). */
  handle?: EventHandler;
  handleBatch?: BatchEventHandler;
  /** At most this many events per batch transaction. */
  maxBatch: number;
}

export type OnEvent = (type: string, handler: EventHandler, options?: { name?: string }) => void;

/** Subscribes a handler to a declared event; it runs after commit, in a transaction of its own. */
export type On = <E extends EventDefinition>(event: E, handler: (event: TypedEvent<E>, context: EventContext) => Promise<void> | void, options?: { name?: string }) => void;
/**
 * Subscribes a handler that takes the events of a dispatch pass together, in one transaction (so N
 * features reacting to every spin cost N transactions per pass, not per spin). A failing batch is
 * retried one event at a time, so one bad event never holds back the rest.
 */
export type OnBatch = <E extends EventDefinition>(
  event: E,
  handler: (events: TypedEvent<E>[], context: EventContext) => Promise<void> | void,
  options?: { name?: string; maxBatch?: number },
) => void;

const DEFAULT_MAX_BATCH = 500;

/** Feature handlers of domain events, by event type. One per server instance. */
export class EventRegistry {
  private readonly byType = new Map<string, RegisteredHandler[]>();
  private readonly names = new Set<string>();

  private add(type: string, handler: Omit<RegisteredHandler, 'maxBatch'> & { maxBatch?: number }): void {
    const { name } = handler;
    if (!name) throw new Error(`event handler for ${type} needs a name (a named function or { name })`);
    if (name.length > 100) throw new Error(`event handler name too long: ${name}`);
    if (this.names.has(name)) throw new Error(`event handler ${name} registered twice`);
    this.names.add(name);
    const list = this.byType.get(type) ?? [];
    list.push({ ...handler, maxBatch: handler.maxBatch ?? DEFAULT_MAX_BATCH });
    this.byType.set(type, list);
  }

  /** Runs `handler` after commit for every event of `type` (at least once, receipts make it once). */
  onEvent: OnEvent = (type, handler, options = {}) => {
    this.add(type, { name: options.name ?? (handler.name ? `${type}:${handler.name}` : ''), handle: handler });
  };

  /** Typed subscription (feature.ts `handlers: ({ on }) => …`); named `<event>:<function>` unless given a name. */
  on: On = (event, handler, options = {}) => {
    this.add(event.name, { name: options.name ?? (handler.name ? `${event.name}:${handler.name}` : ''), handle: handler as unknown as EventHandler });
  };

  /** Typed batch subscription (see `OnBatch`). */
  onBatch: OnBatch = (event, handler, options = {}) => {
    const maxBatch = options.maxBatch ?? DEFAULT_MAX_BATCH;
    if (!Number.isInteger(maxBatch) || maxBatch < 1) throw new Error(`maxBatch must be a positive integer (${event.name})`);
    this.add(event.name, { name: options.name ?? (handler.name ? `${event.name}:${handler.name}` : ''), handleBatch: handler as unknown as BatchEventHandler, maxBatch });
  };

  handlersFor(type: string): readonly RegisteredHandler[] {
    return this.byType.get(type) ?? [];
  }
}

/** What a file under `events/handlers/` default-exports. */
export type HandlerModule = (onEvent: OnEvent) => void;

/**
 * A handler file: `export default defineEventHandlers((onEvent) => { onEvent('deposit.completed',
 * async function creditStreak(event, { db }) { … }) })`. Feature modules subscribe from their
 * feature.ts instead (typed `on`); this folder stays for handlers that belong to no feature.
 */
export function defineEventHandlers(register: HandlerModule): HandlerModule {
  return register;
}

/** Loads every `*.ts` file of `dir` (sorted; tests skipped) and lets each register its handlers. */
export async function loadHandlerFiles(registry: EventRegistry, dir: string): Promise<string[]> {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => /\.ts$/.test(f) && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'));
  } catch {
    return [];
  }
  files.sort();
  for (const file of files) {
    const module = (await import(pathToFileURL(path.join(dir, file)).href)) as { default?: unknown };
    if (typeof module.default !== 'function') throw new Error(`event handler file ${file} must default-export defineEventHandlers(…)`);
    const prefix = file.replace(/\.ts$/, '');
    // Names default to `<file>:<type>:<function>` so two files may use the same function name.
    (module.default as HandlerModule)((type, handler, options) =>
      registry.onEvent(type, handler, { name: options?.name ?? `${prefix}:${type}:${handler.name || 'handler'}` }),
    );
  }
  return files;
}
