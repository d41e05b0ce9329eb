import type { DatabaseHandle } from '@sweepstack/db/connection';
import type { Clock } from '@sweepstack/domain/shared/clock';
import type { Redis } from 'ioredis';
import type { ServerConfig } from './config';

/** What every route and plugin may use; built once in `build()` and decorated on the app as `deps`. */
export interface AppDeps {
  config: ServerConfig;
  database: DatabaseHandle;
  clock: Clock;
  redis: Redis | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
