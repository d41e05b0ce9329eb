import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { errorBody } from './errors';

/** The count of one address in the current window, and the time left in it. */
export interface WindowCount {
  current: number;
  ttlMs: number;
}

/** A fixed-window counter per key: callback style, so the in-memory count answers synchronously. */
export interface WindowCounter {
  hit(key: string, windowMs: number, callback: (error: Error | null, count?: WindowCount) => void): void;
}

/**
 * Counts in this process (one node): the first hit of a key opens its window, a hit after the window
 * opens the next one. Bounded: past `maxKeys` addresses the window opened longest ago is dropped (it
 * starts again at zero): of all the windows kept, the one nearest its own reset. A hit inside an open
 * window only counts (no reordering of the map on every request).
 */
export class MemoryWindowCounter implements WindowCounter {
  private readonly windows = new Map<string, { count: number; startMs: number }>();

  constructor(
    private readonly nowMs: () => number = Date.now,
    private readonly maxKeys = 5000,
  ) {}

  hit(key: string, windowMs: number, callback: (error: Error | null, count?: WindowCount) => void): void {
    const now = this.nowMs();
    let window = this.windows.get(key);
    if (window === undefined || window.startMs + windowMs <= now) {
      // A new window goes last: the Map's order is the order in which the windows opened.
      if (window !== undefined) this.windows.delete(key);
      window = { count: 0, startMs: now };
      this.windows.set(key, window);
      if (this.windows.size > this.maxKeys) {
        const oldest = this.windows.keys().next().value;
        if (oldest !== undefined) this.windows.delete(oldest);
      }
    }
    window.count += 1;
    callback(null, { current: window.count, ttlMs: window.startMs + windowMs - now });
  }
}

const WINDOW_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
local ttl = tonumber(ARGV[1])
if current == 1 then
  redis.call('PEXPIRE', KEYS[1], ttl)
else
  ttl = redis.call('PTTL', KEYS[1])
end
return {current, ttl}
`;

type RedisWithWindow = Redis & { sweepstackRateWindow?: (key: string, windowMs: number, callback: (error: Error | null, result?: [number, number]) => void) => void };

/** Counts in Redis, shared by every node (one script call per hit: INCR, and PEXPIRE on a window's first hit). */
export class RedisWindowCounter implements WindowCounter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    if (!(redis as RedisWithWindow).sweepstackRateWindow) redis.defineCommand('sweepstackRateWindow', { numberOfKeys: 1, lua: WINDOW_SCRIPT });
  }

  hit(key: string, windowMs: number, callback: (error: Error | null, count?: WindowCount) => void): void {
    (this.redis as RedisWithWindow).sweepstackRateWindow!(this.prefix + key, windowMs, (error, result) => {
      if (error || !result) callback(error ?? new Error('rate limit script gave no answer'));
      else callback(null, { current: Number(result[0]), ttlMs: Number(result[1]) });
    });
  }
}

/**
 * The site-wide limit per client address (docs/security.md): `max` requests per `windowMs`, counted in
 * Redis when configured (every node shares one count), else in this process. One callback-style
 * `onRequest` hook: @fastify/rate-limit's global hook cost about 5% of a small API call (its chain of
 * promises per request); the plugin still serves the routes that set a limit of their own
 * (`config.rateLimit`), which count on top of this one. A route with `config.rateLimit: false` (a
 * provider's webhook) and `allowed` paths are not counted. Past the limit: 429 RATE_LIMITED with
 * `retry-after` and the limit headers, on that answer only. A counter that fails (Redis down) lets
 * the request through, logged: the limit protects the site, it must not take it down.
 */
export function registerGlobalRateLimit(
  app: FastifyInstance,
  options: { max: number; windowMs: number; counter: WindowCounter; allowed: (url: string) => boolean },
): void {
  const { max, windowMs, counter, allowed } = options;
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    if (allowed(request.url) || request.routeOptions.config?.rateLimit === false) return done();
    counter.hit(request.ip, windowMs, (error, count) => {
      if (error || !count) {
        request.log.warn({ err: error }, 'rate limit count failed; request let through');
        return done();
      }
      if (count.current <= max) return done();
      const seconds = Math.max(1, Math.ceil(count.ttlMs / 1000));
      void reply
        .header('x-ratelimit-limit', String(max))
        .header('x-ratelimit-remaining', '0')
        .header('x-ratelimit-reset', String(seconds))
        .header('retry-after', String(seconds))
        .status(429)
        .send(errorBody('RATE_LIMITED', `Too many requests. Try again in ${seconds} s.`));
    });
  });
}
