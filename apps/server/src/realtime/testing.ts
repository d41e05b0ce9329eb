import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REALTIME } from '@sweepstack/contracts/realtime/connection';
import { PUSH_EVENT, type PushEnvelope } from '@sweepstack/contracts/realtime/push';
import type { DatabaseHandle } from '@sweepstack/db/connection';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { build } from '../app';
import { loadConfig } from '../config';

export const TEST_SECRET = 'test-secret-test-secret-test-secret-0123';

export interface ListeningApp {
  app: FastifyInstance;
  url: string;
}

/**
 * A full server listening on a free port over `database` (not closed with the app). `beforeReady`
 * runs before the dispatcher starts (register handlers there to see the start-up sweep).
 */
export async function startListeningApp(
  database: DatabaseHandle,
  options: { env?: Record<string, string>; beforeReady?: (app: FastifyInstance) => void } = {},
): Promise<ListeningApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'sweepstack-rt-')),
    DATABASE_URL: database.url,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '100000',
    SESSION_SECRET: TEST_SECRET,
    ...options.env,
  });
  const app = await build({ config, database, logger: false });
  options.beforeReady?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}` };
}

export interface TestClient {
  socket: Socket;
  pushes: PushEnvelope[];
  close(): void;
}

/** A Socket.IO client (websocket) that records every push; rejects with the refusal on connect_error. */
export function connectClient(url: string, credentials: { cookie?: string; token?: string } = {}): Promise<TestClient> {
  const socket = connect(url, {
    path: REALTIME.path,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: REALTIME.requestTimeoutMs,
    ...(credentials.cookie ? { extraHeaders: { cookie: credentials.cookie } } : {}),
    ...(credentials.token ? { auth: { token: credentials.token } } : {}),
  });
  const pushes: PushEnvelope[] = [];
  socket.on(PUSH_EVENT, (envelope: PushEnvelope) => pushes.push(envelope));
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve({ socket, pushes, close: () => socket.disconnect() }));
    socket.once('connect_error', (error: Error & { data?: unknown }) => {
      socket.disconnect();
      reject(error);
    });
  });
}

/** Polls `check` every 10 ms until it holds, or fails after `timeoutMs`. */
export async function waitUntil(check: () => boolean, timeoutMs = 5000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
