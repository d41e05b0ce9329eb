import { connect } from 'node:net';
import { createTestDatabase, type TestDatabase } from '@sweepstack/testkit/test-database';
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
});
