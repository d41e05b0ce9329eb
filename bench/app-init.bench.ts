// GET /rest/app/init/ as a signed-in player versus a bare Fastify JSON route, same process, same run.
// Target (issue 2): throughput at least 50% of the bare route, p99 under 20 ms at 100 connections.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '@sweepstack/db/connection';
import { migrateToLatest } from '@sweepstack/db/migrate';
import { seedDatabase } from '@sweepstack/db/seed';
import Fastify from 'fastify';
import { build } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { format, isMain, measure, median, type LoadResult } from './lib/load';

export async function run(): Promise<void> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const connections = 100;
  const dir = mkdtempSync(path.join(tmpdir(), 'sweepstack-bench-'));
  const database = openDatabase(`sqlite:${path.join(dir, 'bench.db')}`);
  await migrateToLatest(database.db);
  const config = loadConfig({ DATA_DIR: dir, DATABASE_URL: database.url, LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '100000000', PORT: '0' });
  await seedDatabase(database.db, { theme: config.THEME });
  const app = await build({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const signup = await app.inject({
    method: 'POST',
    url: '/rest/auth/signup/',
    payload: { email: 'bench@sweepstack.local', password: 'Bench-Player-2026', birthday: '1990-01-01', acceptedTerms: true },
  });
  const cookie = [signup.headers['set-cookie']].flat().filter(Boolean).map((c) => String(c).split(';')[0]).join('; ');
  if (signup.statusCode !== 200 || !cookie) throw new Error(`bench sign-up failed: ${signup.statusCode} ${signup.body}`);
  const probe = await app.inject({ method: 'GET', url: '/rest/app/init/', headers: { cookie } });
  if (probe.statusCode !== 200 || probe.json().data?.isGuest !== false) throw new Error(`app init is not signed in: ${probe.body.slice(0, 200)}`);

  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ success: true, data: { hello: 'world' } }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareAddress = bare.server.address();
  const barePort = typeof bareAddress === 'object' && bareAddress ? bareAddress.port : 0;

  // Alternate the two (bare, app init, bare, app init…) and take the median of each: on a shared
  // machine the load moves within seconds, and two back-to-back phases would see different machines.
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const bareRuns: LoadResult[] = [];
  const appInitRuns: LoadResult[] = [];
  for (let round = 0; round < rounds; round++) {
    bareRuns.push(await measure(`http://127.0.0.1:${barePort}/bare`, { connections, seconds }));
    appInitRuns.push(await measure(`http://127.0.0.1:${port}/rest/app/init/`, { connections, seconds, headers: { cookie } }));
  }
  const baseline = median(bareRuns);
  const appInit = median(appInitRuns);
  const ratio = appInit.requestsPerSecond / baseline.requestsPerSecond;
  console.log(`bare fastify route:         ${format(baseline)} (median of ${rounds})`);
  console.log(`GET /rest/app/init/ player: ${format(appInit)} (median of ${rounds})`);
  console.log(`rounds (bare / app init req/s): ${bareRuns.map((b, i) => `${Math.round(b.requestsPerSecond)} / ${Math.round(appInitRuns[i]?.requestsPerSecond ?? 0)}`).join(', ')}`);
  console.log(`ratio to bare: ${(ratio * 100).toFixed(1)}% (target >= 50%), p99 ${appInit.p99Ms} ms (target < 20 ms), ${connections} connections, ${seconds} s x ${rounds}`);
  await bare.close();
  await app.close();
  await database.close();
}

if (isMain(import.meta.url)) await run();
