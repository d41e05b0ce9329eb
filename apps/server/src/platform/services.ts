import { scheduleJob } from '@sweepstack/db/jobs/repository';
import type { Database } from '@sweepstack/db/schema';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { AppDeps } from '../app-context';
import type { EventContext, TransactionServices } from '../events/registry';
import { recordPush } from '../realtime/push';
import { creditPlayer } from '../rewards/credit-player';

type Factory<K extends keyof TransactionServices> = (trx: Transaction<Database>, deps: AppDeps) => TransactionServices[K];

/**
 * The services a handler's context carries, bound to its transaction: `recordPush`, `scheduleJob` and
 * the rewards engine's `creditPlayer` are built in; more can be added with `provide` (after adding them
 * to `TransactionServices` by module augmentation).
 */
export class ServiceRegistry {
  private readonly factories = new Map<string, Factory<keyof TransactionServices>>();

  constructor(private readonly deps: AppDeps) {
    this.provide('recordPush', (trx, { clock }) => (request) => recordPush(trx, request, { clock }));
    this.provide('scheduleJob', (trx, { clock }) => (kind, key, runAtMs, payload) => scheduleJob(trx, kind, key, runAtMs, payload, { clock }));
    this.provide('creditPlayer', (trx, { clock }) => (request) => creditPlayer(trx, request, { clock }));
  }

  provide<K extends keyof TransactionServices>(name: K, factory: Factory<K>): void {
    if (this.factories.has(name)) throw new Error(`service ${name} is provided twice`);
    this.factories.set(name, factory as unknown as Factory<keyof TransactionServices>);
  }

  has(name: keyof TransactionServices): boolean {
    return this.factories.has(name);
  }

  /** A handler's context around `trx`: the deps it may use and every provided service, bound to `trx`. */
  contextFor(trx: Transaction<Database>, log: FastifyBaseLogger): EventContext {
    const { deps } = this;
    const context: Record<string, unknown> = { db: trx, trx, clock: deps.clock, rng: deps.rng, config: deps.config, log };
    for (const [name, factory] of this.factories) context[name] = factory(trx, deps);
    return context as unknown as EventContext;
  }
}
