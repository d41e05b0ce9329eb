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
import { format, isMain, measure } from './lib/load';

export async function run(): Promise<void> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 8);
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

  const baseline = await measure(`http://127.0.0.1:${barePort}/bare`, { connections, seconds });
  const appInit = await measure(`http://127.0.0.1:${port}/rest/app/init/`, { connections, seconds, headers: { cookie } });
  const ratio = appInit.requestsPerSecond / baseline.requestsPerSecond;
  console.log(`bare fastify route:         ${format(baseline)}`);
  console.log(`GET /rest/app/init/ player: ${format(appInit)}`);
  console.log(`ratio to bare: ${(ratio * 100).toFixed(1)}% (target >= 50%), p99 ${appInit.p99Ms} ms (target < 20 ms), ${connections} connections, ${seconds} s`);
  await bare.close();
  await app.close();
  await database.close();
}

if (isMain(import.meta.url)) await run();
