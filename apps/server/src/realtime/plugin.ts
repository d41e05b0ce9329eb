import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { OutboxDispatcher, type DispatcherOptions } from '../events/dispatcher';
import { EventRegistry, loadHandlerFiles, type OnEvent } from '../events/registry';
import { ServiceRegistry } from '../platform/services';
import { createSocketServer, emitEventPush, type RealtimeServer } from './socket-server';

export interface Realtime {
  /** Registers a feature handler of a domain event type (see events/registry.ts). */
  onEvent: OnEvent;
  registry: EventRegistry;
  /** Services bound to a handler's transaction (recordPush built in; creditPlayer, scheduleJob provided by their modules). */
  services: ServiceRegistry;
  dispatcher: OutboxDispatcher;
  io: RealtimeServer;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

const handlersDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'events', 'handlers');

/**
 * The outbox dispatcher and Socket.IO (docs/realtime.md). Socket.IO attaches to Fastify's HTTP server
 * at once, so any `listen()` (main.ts, tests on port 0) serves /socket.io; the dispatcher starts when
 * the app is ready and stops, with the sockets, before the server closes.
 */
export async function registerRealtime(app: FastifyInstance, options: Partial<Pick<DispatcherOptions, 'pollMs' | 'leaseMs' | 'batchSize' | 'maxAttempts'>> = {}): Promise<void> {
  const registry = new EventRegistry();
  await loadHandlerFiles(registry, handlersDir);
  const services = new ServiceRegistry(app.deps);
  const sockets = createSocketServer(app);
  const dispatcher = new OutboxDispatcher({
    ...options,
    database: app.deps.database,
    registry,
    context: (trx) => services.contextFor(trx, app.log),
    log: app.log,
    push: (event) => emitEventPush(sockets.io, event),
  });
  app.decorate('realtime', { onEvent: registry.onEvent, registry, services, dispatcher, io: sockets.io });
  app.addHook('onReady', async () => {
    // A web-only node (OUTBOX_DISPATCHER=false) still serves sockets: pushes reach them through Redis.
    if (app.deps.config.OUTBOX_DISPATCHER) await dispatcher.start();
  });
  app.addHook('preClose', async () => {
    await dispatcher.stop();
    await sockets.close();
  });
}
