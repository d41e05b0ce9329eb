import { randomBytes, randomInt } from 'node:crypto';
import { clearThrottleEvents, countThrottleEvents, deleteOldThrottleEvents, recordThrottleEvent } from '@sweepstack/db/repositories/auth-throttle';
import type { AppDeps } from '../app-context';

/**
 * Sliding-window event counters for throttling (failed sign-ins, reset mails): in Redis when the
 * server has one (shared by every node), else in the database. Times come from the app clock.
 */
const PRUNE_AFTER_MS = 24 * 60 * 60 * 1000;

export interface ThrottleCounter {
  record(scope: string, windowMs: number): Promise<void>;
  count(scope: string, windowMs: number): Promise<number>;
  clear(scope: string): Promise<void>;
}

export function throttleCounter(deps: AppDeps): ThrottleCounter {
  const { redis, clock, database } = deps;
  if (redis) {
    const key = (scope: string) => `sweepstack-auth:${scope}`;
    return {
      async record(scope, windowMs) {
        const now = clock.nowMs();
        await redis
          .multi()
          .zadd(key(scope), now, `${now}-${randomBytes(6).toString('hex')}`)
          .pexpire(key(scope), windowMs)
          .exec();
      },
      async count(scope, windowMs) {
        const since = clock.nowMs() - windowMs;
        const results = await redis.multi().zremrangebyscore(key(scope), '-inf', since).zcard(key(scope)).exec();
        return Number(results?.[1]?.[1] ?? 0);
      },
      async clear(scope) {
        await redis.del(key(scope));
      },
    };
  }
  return {
    async record(scope) {
      const now = clock.nowMs();
      await recordThrottleEvent(database.db, scope, now);
      // Housekeeping without a job: about one write in 200 drops events older than a day.
      if (randomInt(200) === 0) await deleteOldThrottleEvents(database.db, now - PRUNE_AFTER_MS);
    },
    count: (scope, windowMs) => countThrottleEvents(database.db, scope, clock.nowMs() - windowMs),
    clear: (scope) => clearThrottleEvents(database.db, scope),
  };
}
