// Push latency from commit to a connected client, with 1,000 sockets on one node (issue 3 target:
// p99 < 50 ms), and the server's memory with those sockets beside the same figure with none.
// The server runs in this process; the clients in a child process, so the memory is the server's.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { DialectName } from '@sweepstack/db/connection';
import { newPlayerRow } from '@sweepstack/db/repositories/players';
import { createTestDatabase, postgresAdminUrl } from '@sweepstack/testkit/test-database';
import { build } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { issueChannelToken } from '../apps/server/src/realtime/channel-token';
import { recordPush } from '../apps/server/src/realtime/push';
import { isMain } from './lib/load';

const now = () => performance.timeOrigin + performance.now();
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A full GC before each memory figure, with or without --expose-gc on the command line. */
function collectGarbage(): void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed();
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

function memory(): { rss: number; heapUsed: number } {
  collectGarbage();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heapUsed };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

function waitFor<T>(child: ChildProcess, kind: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: { kind: string; message?: string }) => {
      if (message.kind === kind) {
        child.off('message', onMessage);
        resolve(message as T);
      } else if (message.kind === 'error') reject(new Error(message.message));
    };
    child.on('message', onMessage);
  });
}

/** SQLite always; PostgreSQL too (a database of its own, dropped after) when DATABASE_URL names one. */
export async function run(): Promise<void> {
  await runOn('sqlite');
  if (postgresAdminUrl()) await runOn('postgres');
}

async function runOn(dialect: DialectName): Promise<void> {
  const sockets = Number(process.env.BENCH_SOCKETS ?? 1000);
  const events = Number(process.env.BENCH_EVENTS ?? 2000);
  const dir = mkdtempSync(path.join(tmpdir(), 'sweepstack-bench-push-'));
  const database = await createTestDatabase(dialect);
  const config = loadConfig({ DATA_DIR: dir, DATABASE_URL: database.url, LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '100000000', PORT: '0' });

  // Players straight into the table: the handshake only needs them to exist and be active.
  const nowMs = Date.now();
  const suffix = Math.random().toString(36).slice(2, 8);
  const rows = Array.from({ length: sockets }, (_, i) =>
    newPlayerRow({
      uuid: `bench-${suffix}-${i}`,
      email: `push${i}-${suffix}@bench.local`,
      password_hash: 'x',
      birthday: '1990-01-01',
      login: `push${i}`,
      email_confirmed: 1,
      referral_code: `B${suffix}${i}`,
      created_at_ms: nowMs,
    }),
  );
  const playerIds: number[] = [];
  for (let i = 0; i < rows.length; i += 200) {
    const inserted = await database.db.insertInto('players').values(rows.slice(i, i + 200)).returning('id').execute();
    playerIds.push(...inserted.map((r) => Number(r.id)));
  }

  const app = await build({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const tokens = playerIds.map((id) => issueChannelToken(config.SESSION_SECRET, id, Date.now() + 3600_000));

  const record = (playerId: number) =>
    database.db.transaction().execute((trx) => recordPush(trx, { eventType: 'bench.push', playerId, push: { type: 'balance', action: 'update', data: { entries: 1, winnings: 0, tourPoints: 2, coins: 2 } } }));

  // Warm the JIT of the dispatch path with no sockets, then take the 0-socket memory figure.
  for (let i = 0; i < 300; i += 1) await record(playerIds[i % playerIds.length]!);
  await new Promise((resolve) => setTimeout(resolve, 300));
  await app.realtime.dispatcher.idle();
  const baseline = memory();

  const child = fork(path.join(path.dirname(fileURLToPath(import.meta.url)), 'lib', 'push-clients.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  try {
    const connectStart = now();
    child.send({ kind: 'start', url, tokens });
    const ready = await waitFor<{ connected: number }>(child, 'ready');
    const connectSeconds = (now() - connectStart) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 500));
    const withSockets = memory();

    // Baseline in the same run: the same stream emitted straight to the rooms (no database, no outbox).
    const emittedAt = new Map<number, number>();
    for (let i = 0; i < events; i += 1) {
      const playerId = playerIds[(i * 7919) % playerIds.length]!;
      const eventId = 1_000_000_000 + i;
      emittedAt.set(eventId, now());
      app.realtime.io.to(`player:${playerId}`).emit('push', { eventId, message: { type: 'balance', action: 'update', data: { entries: 1, winnings: 0, tourPoints: 2, coins: 2 } } });
      if (i % 10 === 9) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const committedAt = new Map<number, number>();
    for (let i = 0; i < events; i += 1) {
      const id = await record(playerIds[(i * 7919) % playerIds.length]!);
      committedAt.set(id, now());
      // About 1,000 events per second: a steady stream rather than one burst.
      if (i % 10 === 9) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    child.send({ kind: 'report' });
    const { receipts } = await waitFor<{ receipts: [number, number][] }>(child, 'receipts');
    const latencies = receipts.filter(([id]) => committedAt.has(id)).map(([id, at]) => at - committedAt.get(id)!);
    latencies.sort((a, b) => a - b);
    const direct = receipts.filter(([id]) => emittedAt.has(id)).map(([id, at]) => at - emittedAt.get(id)!);
    direct.sort((a, b) => a - b);
    const afterEvents = memory();

    console.log(`database ${database.dialect}; ${ready.connected} sockets connected to one node in ${connectSeconds.toFixed(1)} s (clients in a child process)`);
    const figures = (list: number[]) => `p50 ${percentile(list, 50).toFixed(1)} ms, p90 ${percentile(list, 90).toFixed(1)} ms, p99 ${percentile(list, 99).toFixed(1)} ms, max ${list.at(-1)?.toFixed(1)} ms`;
    console.log(`push latency commit → client, outbox (${latencies.length}/${events} events): ${figures(latencies)} (target p99 < 50 ms)`);
    console.log(`baseline: direct Socket.IO emit → client (${direct.length}/${events}):      ${figures(direct)}`);
    console.log(`load average during the run: ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${cpus().length} cores`);
    console.log(`server memory with 0 sockets:    rss ${mb(baseline.rss)}, heap used ${mb(baseline.heapUsed)}`);
    console.log(`server memory with ${ready.connected} sockets: rss ${mb(withSockets.rss)}, heap used ${mb(withSockets.heapUsed)} (heap +${mb(withSockets.heapUsed - baseline.heapUsed)}, ~${((withSockets.heapUsed - baseline.heapUsed) / Math.max(1, ready.connected) / 1024).toFixed(1)} KB per socket; rss +${mb(withSockets.rss - baseline.rss)})`);
    console.log(`server memory after the events:  rss ${mb(afterEvents.rss)}, heap used ${mb(afterEvents.heapUsed)}`);
  } finally {
    child.send({ kind: 'stop' });
    await app.close();
    await database.destroy();
  }
}

if (isMain(import.meta.url)) await run();
