import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DomainEvent } from '@sweepstack/db/repositories/domain-events';
import type { Database } from '@sweepstack/db/schema';
import type { Clock } from '@sweepstack/domain/shared/clock';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';

export interface EventContext {
  /**
   * The handler's own transaction: write only through it. It also holds the handler's receipt for
   * this event, so the handler's writes happen exactly once (a failure rolls both back and retries).
   */
  db: Transaction<Database>;
  clock: Clock;
  log: FastifyBaseLogger;
}

export type EventHandler = (event: DomainEvent, context: EventContext) => Promise<void> | void;

export interface RegisteredHandler {
  /** Stable name: the key of the handler's receipts (renaming a handler re-runs it on pending events only). */
  name: string;
  handle: EventHandler;
}

export type OnEvent = (type: string, handler: EventHandler, options?: { name?: string }) => void;

/** Feature handlers of domain events, by event type. One per server instance. */
export class EventRegistry {
  private readonly byType = new Map<string, RegisteredHandler[]>();
  private readonly names = new Set<string>();

  /** Runs `handler` after commit for every event of `type` (at least once, receipts make it once). */
  onEvent: OnEvent = (type, handler, options = {}) => {
    const name = options.name ?? (handler.name ? `${type}:${handler.name}` : '');
    if (!name) throw new Error(`event handler for ${type} needs a name (a named function or { name })`);
    if (name.length > 100) throw new Error(`event handler name too long: ${name}`);
    if (this.names.has(name)) throw new Error(`event handler ${name} registered twice`);
    this.names.add(name);
    const list = this.byType.get(type) ?? [];
    list.push({ name, handle: handler });
    this.byType.set(type, list);
  };

  handlersFor(type: string): readonly RegisteredHandler[] {
    return this.byType.get(type) ?? [];
  }
}

/** What a file under `events/handlers/` default-exports. */
export type HandlerModule = (onEvent: OnEvent) => void;

/**
 * A handler file: `export default defineEventHandlers((onEvent) => { onEvent('deposit.completed',
 * async function creditStreak(event, { db }) { … }) })`. Adding a feature's handlers is adding a file.
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
