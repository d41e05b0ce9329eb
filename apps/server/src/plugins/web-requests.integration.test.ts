import { connect } from 'node:net';
import { createTestDatabase, type TestDatabase } from '@sweepstack/testkit/test-database';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild, freePort, startServerProcess, type ServerProcess } from '../testing/server-process';

/** Sends one raw HTTP/1.1 request (exactly these bytes) and resolves with the status code and body. */
function rawRequest(port: number, head: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(head + '\r\n'));
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('end', () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text }));
  });
}

/** PATH_FUZZ_SEED replays a run; PATH_FUZZ_RUNS sets how many paths are sent (default 120). */
const PATH_FUZZ_SEED = Number(process.env.PATH_FUZZ_SEED ?? 20261126);
const PATH_FUZZ_RUNS = Number(process.env.PATH_FUZZ_RUNS ?? 120);
/**
 * The CPU bound of one page request, whatever its path: at most this much more than the costliest of
 * the ordinary pages measured in the same run (and never under MIN_CPU_BOUND_MS, the 10 ms clock tick
 * of /proc and a GC pause). The defect this keeps away cost 2,100 ms for a 4,000-segment path.
 */
const CPU_MARGIN_MS = 100;
const MIN_CPU_BOUND_MS = 150;

const SEGMENT_TEXT = ['a', 'seg', 'lobby', 'es', 'page', 'games', '..', '.', '', '%2F', '%2f..', '%00', '%zz', '%', '%25', '%C0%AE', '%E2%80%AE', '%F0%9F%8E%B0', '~', '@', ':', ';x=1', '__proto__', 'constructor', '*', '$', "'", '%22%3E%3Cscript%3E'];

/** Long, deep and oddly encoded paths, and queries of the same kind: what the outside probe sent, and more. */
const hostilePath: fc.Arbitrary<string> = fc
  .record({
    segments: fc.oneof(
      { weight: 3, arbitrary: fc.array(fc.constantFrom(...SEGMENT_TEXT), { minLength: 1, maxLength: 30 }) },
      { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...SEGMENT_TEXT), fc.integer({ min: 13, max: 4_000 })).map(([text, count]) => Array.from({ length: count }, () => text || 'x')) },
      { weight: 1, arbitrary: fc.integer({ min: 100, max: 8_000 }).map((length) => ['a'.repeat(length)]) },
      { weight: 1, arbitrary: fc.array(fc.string({ unit: 'binary', maxLength: 12 }).map((text) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '?'))), { maxLength: 20 }) },
    ),
    query: fc.oneof(
      fc.constant(''),
      fc.array(fc.tuple(fc.constantFrom('theme', 'game', 'openModal', 'p', 'a[b]', '__proto__', '%00', ''), fc.constantFrom('tao', 'x', '%00', '%zz', 'a'.repeat(3_000), '..%2F', '1e309', '')), { maxLength: 40 }).map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&')),
      fc.integer({ min: 1, max: 1_500 }).map((count) => Array.from({ length: count }, (_, i) => `k${i}=v`).join('&')),
    ),
    trailingSlash: fc.boolean(),
  })
  .map(({ segments, query, trailingSlash }) => `/${segments.join('/')}${trailingSlash ? '/' : ''}${query ? `?${query}` : ''}`);

/**
 * Page requests a browser never sends, against a real server process in production mode: none may
 * answer 500 or log a stack, and none may cost more CPU because of its URL's shape.
 */
describe('page requests of odd shapes', () => {
  let database: TestDatabase;
  let server: ServerProcess;
  beforeAll(async () => {
    ensureWebBuild();
    database = await createTestDatabase('sqlite');
    server = await startServerProcess({
      port: await freePort(),
      env: { NODE_ENV: 'production', DATABASE_URL: database.url, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '100000', SESSION_SECRET: 'pages-test-secret-pages-test-secret-0123' },
    });
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await database?.destroy();
  });

  it('answers a 4,000-segment path with a 404 without spending seconds of CPU on it', async () => {
    const warm = await fetch(`${server.url}/no-such-page`);
    expect(warm.status).toBe(404);
    const before = server.cpuTimeMs();
    const res = await fetch(`${server.url}/${'seg/'.repeat(4000)}`);
    expect(res.status).toBe(404);
    await res.arrayBuffer();
    // The probe measured 2.4–3.3 s here; an ordinary 404 page costs a few milliseconds.
    expect(server.cpuTimeMs() - before).toBeLessThan(200);
  });

  it('refuses a TRACE request with 405, an invalid Host with 400 and an absolute-form target with 400', async () => {
    const trace = await rawRequest(server.port, 'TRACE / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n');
    expect(trace.status, trace.text).toBe(405);
    expect(trace.text).toContain('METHOD_NOT_ALLOWED');
    const badHost = await rawRequest(server.port, 'GET / HTTP/1.1\r\nHost: evil.example:99999\r\nConnection: close\r\n');
    expect(badHost.status, badHost.text).toBe(400);
    expect(badHost.text).toContain('MALFORMED_REQUEST');
    const absolute = await rawRequest(server.port, 'GET http://evil.example/x HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n');
    expect(absolute.status, absolute.text).toBe(400);
    const sameHost = await rawRequest(server.port, `GET ${server.url}/ HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: close\r\n`);
    expect(sameHost.status, sameHost.text).toBe(400);
    // A well-formed page request still renders.
    const page = await rawRequest(server.port, `GET /signin HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: close\r\n`);
    expect(page.status).toBe(200);
    expect(server.output()).not.toMatch(/unhandled error|"stack"/);
  });

  it('answers random long, deep and oddly encoded page paths and queries without a 5xx, each within the stated CPU bound', async () => {
    // The bound comes from ordinary pages measured here, in this run, on this machine.
    let ordinary = 0;
    for (const path of ['/', '/signin', '/lobby', '/no-such-page', '/es/page/terms', '/games/reef-raiders/play']) {
      for (let i = 0; i < 3; i++) {
        const before = server.cpuTimeMs();
        const res = await rawRequest(server.port, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: close\r\n`);
        expect(res.status, path).toBeLessThan(500);
        if (i > 0) ordinary = Math.max(ordinary, server.cpuTimeMs() - before);
      }
    }
    const bound = Math.max(MIN_CPU_BOUND_MS, ordinary + CPU_MARGIN_MS);
    const statuses = new Map<number, number>();
    let costliest = { path: '', cpuMs: 0 };
    await fc.assert(
      fc.asyncProperty(hostilePath, async (path) => {
        const before = server.cpuTimeMs();
        const res = await rawRequest(server.port, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: close\r\n`);
        const cpuMs = server.cpuTimeMs() - before;
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (cpuMs > costliest.cpuMs) costliest = { path, cpuMs };
        const what = `${path.slice(0, 200)}… (${path.length} characters) → ${res.status}, ${cpuMs} ms of CPU (bound ${bound} ms)`;
        expect(res.status, what).toBeGreaterThan(0);
        expect(res.status, what).toBeLessThan(500);
        expect(cpuMs, what).toBeLessThanOrEqual(bound);
      }),
      { seed: PATH_FUZZ_SEED, numRuns: PATH_FUZZ_RUNS },
    );
    expect(server.output()).not.toMatch(/unhandled error|"stack"/);
    const byStatus = [...statuses.entries()].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`).join(', ');
    console.log(`page path fuzz (seed ${PATH_FUZZ_SEED}): ${PATH_FUZZ_RUNS} paths; ${byStatus}; ordinary pages up to ${ordinary} ms of CPU, bound ${bound} ms, costliest ${costliest.cpuMs} ms (${costliest.path.length} characters)`);
  }, 300_000);
});
