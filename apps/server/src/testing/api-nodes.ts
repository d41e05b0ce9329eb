import { transfer } from '@sweepstack/db/repositories/ledger/transfers';
import { findPlayerByUuid } from '@sweepstack/db/repositories/players';
import type { TestDatabase } from '@sweepstack/testkit/test-database';
import { freePort, startServerProcess, type ServerProcess } from './server-process';

/**
 * Server nodes of one scale-out deployment for tests of "happens once across processes": real
 * `main.ts --no-web` processes on one PostgreSQL database and one Redis, each running the job runner
 * and the outbox dispatcher, and players who sign up and call them over HTTP.
 */

export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** One API node (no web pages), jobs and outbox on; `env` adds or overrides settings. */
export async function startApiNode(database: TestDatabase, options: { sessionSecret: string; env?: Record<string, string> }): Promise<ServerProcess> {
  return startServerProcess({
    port: await freePort(),
    args: ['--no-web'],
    env: { NODE_ENV: 'production', DATABASE_URL: database.url, REDIS_URL, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '100000', THEME: 'nlc', SESSION_SECRET: options.sessionSecret, PAYMENTS_SANDBOX_WORKER: 'false', ...options.env },
  });
}

export interface NodePlayer {
  id: number;
  uuid: string;
  cookie: string;
}

/** Signs a player up through a node's API; `goldCoins` are credited from promotions through the ledger. */
export async function signUpOnNode(node: ServerProcess, database: TestDatabase, email: string, goldCoins = 0): Promise<NodePlayer> {
  const res = await fetch(`${node.url}/rest/auth/signup/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'Lucky-Spin-42', birthday: '1990-05-17', acceptedTerms: true }) });
  if (res.status !== 200) throw new Error(`sign-up on ${node.url}: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const { uuid } = ((await res.json()) as { data: { uuid: string } }).data;
  const id = (await findPlayerByUuid(database.db, uuid))!.id;
  if (goldCoins > 0) await transfer(database.db, { idempotencyKey: `api-nodes-credit:${id}`, from: { system: 'promotions' }, to: { playerId: id, kind: 'player_balance' }, currency: 'GC', amount: goldCoins, reason: 'promotion' });
  return { id, uuid, cookie };
}

/** A player's call to a node: its status and JSON body. */
export async function callNode(node: ServerProcess, player: { cookie: string }, method: 'GET' | 'POST', url: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${node.url}${url}`, { method, headers: { cookie: player.cookie, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}
