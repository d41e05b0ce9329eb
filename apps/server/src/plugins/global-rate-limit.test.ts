import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { MemoryWindowCounter, registerGlobalRateLimit, type WindowCount } from './global-rate-limit';

function hit(counter: MemoryWindowCounter, key: string, windowMs = 1000): WindowCount {
  let answer: WindowCount | undefined;
  counter.hit(key, windowMs, (_error, count) => (answer = count));
  if (!answer) throw new Error('the memory counter answers synchronously');
  return answer;
}

describe('the site-wide rate limit', () => {
  it('counts per key in fixed windows, and forgets the window opened longest ago past its bound', () => {
    let now = 10_000;
    const counter = new MemoryWindowCounter(() => now, 2);
    expect(hit(counter, 'a')).toEqual({ current: 1, ttlMs: 1000 });
    now += 400;
    expect(hit(counter, 'a')).toEqual({ current: 2, ttlMs: 600 });
    expect(hit(counter, 'b').current).toBe(1);
    now += 600; // a's window has ended: the next hit opens a new one
    expect(hit(counter, 'a')).toEqual({ current: 1, ttlMs: 1000 });
    expect(hit(counter, 'b').current).toBe(2); // counted in b's window, which opened before a's new one
    hit(counter, 'c'); // a third key: b (whose window opened first) is dropped, though counted last
    expect(hit(counter, 'a').current).toBe(2);
    expect(hit(counter, 'b').current).toBe(1);
  });

  it('answers 429 past the limit with retry-after, and never counts an allowed path or a route that opts out', async () => {
    const app = Fastify();
    registerGlobalRateLimit(app, { max: 2, windowMs: 60_000, counter: new MemoryWindowCounter(), allowed: (url) => url === '/healthz' });
    app.get('/a', async () => ({ ok: true }));
    app.get('/healthz', async () => ({ ok: true }));
    app.post('/webhook', { config: { rateLimit: false } }, async () => ({ ok: true }));
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await app.inject({ method: 'POST', url: '/webhook' })).statusCode);
    for (let i = 0; i < 3; i++) statuses.push((await app.inject({ method: 'GET', url: '/healthz' })).statusCode);
    statuses.push((await app.inject({ method: 'GET', url: '/a' })).statusCode);
    statuses.push((await app.inject({ method: 'GET', url: '/missing' })).statusCode);
    const refused = await app.inject({ method: 'GET', url: '/a' });
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 404]);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, error: { code: 'RATE_LIMITED' } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['x-ratelimit-limit']).toBe('2');
    await app.close();
  });
});
