// POST /rest/game/{id}/spin/ (the play API: one atomic ledger operation per spin with the round row,
// the seed nonce and the outbox events) versus a bare Fastify JSON route, same process, same run.
// Targets (issue 4): on SQLite at 100 connections at least 3,000 spins/s and at least 25% of the bare
// route, p99 under 25 ms, ledger balanced afterwards; the PostgreSQL figure beside it when configured.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DialectName } from '@sweepstack/db/connection';
import { auditLedger } from '@sweepstack/db/repositories/ledger-audit';
import { transfer } from '@sweepstack/db/repositories/ledger';
import { findPlayerByUuid } from '@sweepstack/db/repositories/players';
import { seedDatabase } from '@sweepstack/db/seed';
import { createTestDatabase, postgresAdminUrl } from '@sweepstack/testkit/test-database';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { build } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { format, isMain, measure, type LoadResult } from './lib/load';

const PLAYERS = 200;
const LOAD_CLIENT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'lib', 'spin-load-client.mjs');
const GAMES = ['comet-courier', 'golden-koi-link', 'cherry-hearth-classic', 'nebula-drift'];

async function bareBaseline(connections: number, seconds: number): Promise<LoadResult> {
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ success: true, data: { hello: 'world' } }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const address = bare.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const result = await measure(`http://127.0.0.1:${port}/bare`, { connections, seconds });
  await bare.close();
  return result;
}

async function spinFigures(dialect: DialectName, connections: number, seconds: number): Promise<{ result: LoadResult; rounds: number; ok: number; balanced: string }> {
  const database = await createTestDatabase(dialect);
  const dir = mkdtempSync(path.join(tmpdir(), 'sweepstack-bench-'));
  const config = loadConfig({ DATA_DIR: dir, DATABASE_URL: database.url, LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '100000000', PORT: '0' });
  await seedDatabase(database.db, { theme: config.THEME });
  const app = await build({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  if (process.env.BENCH_NO_DISPATCH) await (app as unknown as { realtime: { dispatcher: { stop(): Promise<void> } } }).realtime.dispatcher.stop();
  const gameIds = new Map((await database.db.selectFrom('games').select(['id', 'slug']).execute()).map((g) => [g.slug, Number(g.id)]));

  // Players with a session each (games mixed: lines, hold-and-link with the progressive pool, classic, ways).
  const players: { cookie: string; path: string; session: string }[] = [];
  for (let i = 0; i < PLAYERS; i++) {
    const signup = await app.inject({ method: 'POST', url: '/rest/auth/signup/', payload: { email: `spin-bench-${i}@sweepstack.local`, password: 'Bench-Player-2026', birthday: '1990-01-01', acceptedTerms: true } });
    const cookie = [signup.headers['set-cookie']].flat().filter(Boolean).map((c) => String(c).split(';')[0]).join('; ');
    if (signup.statusCode !== 200 || !cookie) throw new Error(`bench sign-up failed: ${signup.statusCode} ${signup.body}`);
    const player = (await findPlayerByUuid(database.db, signup.json().data.uuid))!;
    await transfer(database.db, { idempotencyKey: `bench-credit:${player.id}`, from: { system: 'promotions' }, to: { playerId: player.id, kind: 'player_balance' }, currency: 'GC', amount: 1_000_000_000, reason: 'promotion' });
    const gameId = gameIds.get(GAMES[i % GAMES.length]!)!;
    const launch = await app.inject({ method: 'GET', url: `/rest/game/${gameId}/play/`, headers: { cookie } });
    if (launch.statusCode !== 200) throw new Error(`bench launch failed: ${launch.body}`);
    players.push({ cookie, path: `/rest/game/${gameId}/spin/`, session: launch.json().data.session });
  }

  const child = spawn(process.execPath, [LOAD_CLIENT, JSON.stringify({ url: `http://127.0.0.1:${port}`, connections, seconds, warmupSeconds: 2, players })], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`load generator exited with ${code}`);
  const raw = JSON.parse(output.trim().split('\n').pop() ?? '{}') as LoadResult & { ok: number };
  const rounds = Number((await database.db.selectFrom('game_rounds').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const result: LoadResult = { requestsPerSecond: raw.requestsPerSecond, p99Ms: raw.p99Ms, errors: raw.errors, non2xx: raw.non2xx };
  await app.close();
  const violations = await auditLedger(database.db);
  await database.destroy();
  return { result, rounds, ok: raw.ok, balanced: violations.length === 0 ? 'ledger balanced' : `LEDGER BROKEN: ${violations.map((v) => v.invariant).join(', ')}` };
}

export async function run(): Promise<void> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 8);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
  const baseline = await bareBaseline(connections, seconds);
  console.log(`bare fastify route:                 ${format(baseline)}`);
  const dialects: DialectName[] = postgresAdminUrl() ? ['sqlite', 'postgres'] : ['sqlite'];
  for (const dialect of dialects) {
    const { result, rounds, ok, balanced } = await spinFigures(dialect, connections, seconds);
    const ratio = result.requestsPerSecond / baseline.requestsPerSecond;
    console.log(`POST spin (${dialect.padEnd(8)}):             ${format(result)}; ${rounds} rounds recorded (warm-up included) for ${ok} 2xx answers measured; ${balanced}`);
    console.log(`  ratio to bare ${(ratio * 100).toFixed(1)}%${dialect === 'sqlite' ? ` (targets >= 3,000 spins/s, >= 25% of bare, p99 < 25 ms)` : ''}, ${connections} connections, ${seconds} s, ${PLAYERS} players over ${GAMES.length} games`);
  }
  if (!postgresAdminUrl()) console.log('POST spin (postgres): skipped (set DATABASE_URL or TEST_POSTGRES_URL to postgres://…)');
}

if (isMain(import.meta.url)) await run();
