import type { DatabaseHandle } from '@sweepstack/db/connection';
import type { Clock } from '@sweepstack/domain/shared/clock';
import type { Rng } from '@sweepstack/domain/shared/rng';
import type { Redis } from 'ioredis';
import type { ServerConfig } from './config';

/** What every route and plugin may use; built once in `build()` and decorated on the app as `deps`. */
export interface AppDeps {
  config: ServerConfig;
  database: DatabaseHandle;
  clock: Clock;
  /** Chance (DESIGN.md rule 6): node:crypto in production, a seeded Rng in tests; features draw only from here. */
  rng: Rng;
  redis: Redis | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
