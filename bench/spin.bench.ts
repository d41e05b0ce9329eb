// POST /rest/game/{id}/spin/ (the play API: one atomic ledger operation per spin with the round row,
// the seed nonce and the outbox events) versus a bare Fastify JSON route, same process, same run.
// The floor line: bench/lib/spin-write-floor.ts.
// Targets (issue 4): on SQLite at 100 connections at least 3,000 spins/s and at least 25% of the bare
// route, p99 under 25 ms, ledger balanced afterwards; the PostgreSQL figure beside it when configured.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DialectName } from '@sweepstack/db/connection';
import { auditLedger } from '@sweepstack/db/repositories/ledger-audit';
import { transfer } from '@sweepstack/db/repositories/ledger/transfers';
import { findPlayerByUuid } from '@sweepstack/db/repositories/players';
import { seedDatabase } from '@sweepstack/db/seed';
import { createTestDatabase, postgresAdminUrl } from '@sweepstack/testkit/test-database';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { build } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { format, isMain, measure, median, type LoadResult } from './lib/load';
import { ZSpinRequest } from '@sweepstack/contracts/games/play';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePlayer } from '../apps/server/src/plugins/session';
import { requireGame } from '../apps/server/src/games/play';
import { playSpins } from '../apps/server/src/games/spin';
import { spinWriteFloor } from './lib/spin-write-floor';
import type { Kysely } from 'kysely';
import type { Database } from '@sweepstack/db/schema';

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

/**
 * The spin's own work without HTTP: groups of 100 spins (one per player, as a loaded server forms
 * them) played straight through playSpins in one transaction each, for `seconds`. What the game, the
 * ledger, the round and the outbox cost on this database, whatever the HTTP side costs.
 */
async function groupsAlone(app: Awaited<ReturnType<typeof build>>, db: Kysely<Database>, players: { cookie: string; path: string; session: string }[], seconds: number): Promise<number> {
  const deps = app.deps;
  const requests = await Promise.all(
    players.map(async (p) => {
      const session = (await db.selectFrom('game_sessions').selectAll().where('token', '=', p.session).executeTakeFirstOrThrow());
      const player = (await db.selectFrom('players').select(['account_status', 'game_mode']).where('id', '=', Number(session.player_id)).executeTakeFirstOrThrow());
      return { game: await requireGame(deps, Number(session.game_id)), input: { playerId: Number(session.player_id), player: { accountStatus: player.account_status, gameMode: player.game_mode }, gameId: Number(session.game_id), session: p.session, bet: 100, buy: false, idempotencyKey: '' } };
    }),
  );
  let key = 0;
  const play = async (forSeconds: number) => {
    let played = 0;
    const until = performance.now() + forSeconds * 1000;
    while (performance.now() < until) {
      const group = requests.slice(key % 2 === 0 ? 0 : 100, key % 2 === 0 ? 100 : 200).map((r) => ({ ...r, input: { ...r.input, idempotencyKey: `alone-${key}-${r.input.playerId}` } }));
      key += 1;
      const results = await db.transaction().execute((trx) => playSpins(deps, trx, group));
      played += results.filter((r) => r.ok).length;
    }
    return played / forSeconds;
  };
  await play(2); // warm-up, as the load generator's
  return play(seconds);
}

/** BENCH_CPU_PROFILE=FILE: a V8 CPU profile of this process (the server) over the load, warm-up included. */
export async function startProfile(): Promise<{ stop(file: string): Promise<void> }> {
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) => new Promise<unknown>((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 200 });
  await post('Profiler.start');
  return {
    stop: async (file) => {
      const { profile } = (await post('Profiler.stop')) as { profile: unknown };
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
      console.log(`cpu profile of the server under load: ${file}`);
    },
  };
}

async function spinFigures(dialect: DialectName, connections: number, seconds: number, rounds: number): Promise<{ result: LoadResult; bare: LoadResult; pairs: number[][]; floor: LoadResult; alone: number; writeFloor: { spinsPerSecond: number; rowsPerSpin: number } | null; rounds: number; ok: number; cpuMicrosPerSpin: number; blockedMs: { p99: number; max: number }; balanced: string }> {
  const database = await createTestDatabase(dialect);
  const dir = mkdtempSync(path.join(tmpdir(), 'sweepstack-bench-'));
  const config = loadConfig({ DATA_DIR: dir, DATABASE_URL: database.url, LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '100000000', PORT: '0' });
  await seedDatabase(database.db, { theme: config.THEME });
  const app = await build({ config, database, logger: false });
  // The same request as a spin (cookie session, JSON body checked by the spin's schema), answered
  // without any game or database work: what the HTTP side of a spin costs on this server.
  app.withTypeProvider<ZodTypeProvider>().post(
    '/rest/bench/authenticated-floor/:id/',
    { schema: { params: z.strictObject({ id: z.coerce.number().int().positive() }), body: ZSpinRequest } },
    async (request) => {
      const player = await requirePlayer(request);
      return { success: true as const, data: { playerId: player.id, bet: request.body.bet } };
    },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const dispatcher = (app as unknown as { realtime: { dispatcher: { stop(): Promise<void>; idle(): Promise<void> } } }).realtime.dispatcher;
  if (process.env.BENCH_NO_DISPATCH) await dispatcher.stop();
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

  const load = async (paths: typeof players) => {
    const child = spawn(process.execPath, [LOAD_CLIENT, JSON.stringify({ url: `http://127.0.0.1:${port}`, connections, seconds, warmupSeconds: 2, players: paths })], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    if (code !== 0) throw new Error(`load generator exited with ${code}`);
    return JSON.parse(output.trim().split('\n').pop() ?? '{}') as LoadResult & { ok: number };
  };
  const floor = await load(players.map((p) => ({ ...p, path: p.path.replace('/rest/game/', '/rest/bench/authenticated-floor/').replace('/spin/', '/') })));

  const alone = await groupsAlone(app, database.db, players, seconds);
  const countRounds = async () => Number((await database.db.selectFrom('game_rounds').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const roundsBefore = await countRounds();
  const delays: { p99: number; max: number }[] = [];
  let profiler: Awaited<ReturnType<typeof startProfile>> | null = null;
  // Rounds alternate a bare route and the spin load, so that each ratio compares neighbours in time
  // (this machine's speed drifts by a third within minutes); the figures are the medians.
  const bareRounds: LoadResult[] = [];
  const spinRounds: (LoadResult & { ok: number })[] = [];
  let cpuMicros = 0;
  for (let round = 0; round < rounds; round++) {
    // The bare route is served by this process too: its CPU is not the spin's, and the outbox of the
    // previous spin round is dispatched before it starts.
    await dispatcher.idle();
    bareRounds.push(await bareBaseline(connections, seconds));
    const loopDelay = monitorEventLoopDelay({ resolution: 5 });
    loopDelay.enable();
    // The profile covers the last spin round only (no bare route in it).
    if (process.env.BENCH_CPU_PROFILE && round === rounds - 1) profiler = await startProfile();
    const cpuBefore = process.cpuUsage();
    spinRounds.push(await load(players));
    const cpu = process.cpuUsage(cpuBefore);
    cpuMicros += cpu.user + cpu.system;
    loopDelay.disable();
    delays.push({ p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 });
  }
  const raw = median(spinRounds) as LoadResult & { ok: number };
  // The event loop's delay: the median round's p99, the worst round's max.
  const blockedMs = { p99: [...delays].sort((a, b) => a.p99 - b.p99)[Math.floor(delays.length / 2)]!.p99, max: Math.max(...delays.map((d) => d.max)) };
  if (profiler) await profiler.stop(`${process.env.BENCH_CPU_PROFILE}-${dialect}.cpuprofile`);
  const roundsPlayed = (await countRounds()) - roundsBefore;
  // Server CPU (all its threads, warm-ups included) per round played:
  // steadier than a rate on a shared machine.
  const cpuMicrosPerSpin = cpuMicros / Math.max(1, roundsPlayed);
  const result: LoadResult = { requestsPerSecond: raw.requestsPerSecond, p99Ms: raw.p99Ms, errors: raw.errors, non2xx: raw.non2xx };
  // SQLite: the load's rows written again by bare statements (bench/lib/spin-write-floor.ts).
  await dispatcher.idle();
  const writeFloor = dialect === 'sqlite' ? await spinWriteFloor(database.db, seconds) : null;
  await app.close();
  const violations = await auditLedger(database.db);
  await database.destroy();
  return { result, bare: median(bareRounds), pairs: bareRounds.map((b, i) => [b.requestsPerSecond, spinRounds[i]!.requestsPerSecond]), floor, alone, writeFloor, rounds: roundsPlayed, ok: raw.ok, cpuMicrosPerSpin, blockedMs, balanced: violations.length === 0 ? 'ledger balanced' : `LEDGER BROKEN: ${violations.map((v) => v.invariant).join(', ')}` };
}

export async function run(): Promise<void> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 8);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const only = process.env.BENCH_DIALECTS?.split(',');
  const dialects = (postgresAdminUrl() ? (['sqlite', 'postgres'] as DialectName[]) : (['sqlite'] as DialectName[])).filter((d) => !only || only.includes(d));
  for (const dialect of dialects) {
    const { result, bare: baseline, pairs, floor, alone, writeFloor, rounds: played, ok, cpuMicrosPerSpin, blockedMs, balanced } = await spinFigures(dialect, connections, seconds, rounds);
    const ratio = result.requestsPerSecond / baseline.requestsPerSecond;
    console.log(`bare fastify route (${dialect} run):     ${format(baseline)}, median of ${rounds} rounds alternating with the spin's (bare / spin req/s: ${pairs.map(([b, p]) => `${Math.round(b!)} / ${Math.round(p!)}`).join(', ')})`);
    console.log(`  authenticated POST floor (${dialect}): ${format(floor)} = ${((floor.requestsPerSecond / baseline.requestsPerSecond) * 100).toFixed(1)}% of bare: the spin's request (session cookie, body schema) answered with no game or database work`);
    console.log(`  the spin's own work alone (${dialect}): ${Math.round(alone)} spins/s = ${((alone / baseline.requestsPerSecond) * 100).toFixed(1)}% of bare: groups of 100 spins through playSpins, no HTTP (game, ledger, round, outbox)`);
    if (writeFloor) {
      console.log(
        `  the spin's rows written by bare statements (${dialect}): ${Math.round(writeFloor.spinsPerSecond)} spins/s = ${((writeFloor.spinsPerSecond / baseline.requestsPerSecond) * 100).toFixed(1)}% of bare, ${Math.round(1e6 / writeFloor.spinsPerSecond)} µs per spin, ${writeFloor.rowsPerSpin.toFixed(1)} rows written per spin: the load's rounds, transfers, balances, nonces, sessions and events again, groups of 100, no HTTP, game, reads or checks (the floor under any spin on this schema and this machine)`,
      );
      // One thread doing nothing but those writes and the authenticated request's HTTP work.
      const ceiling = 1 / (1 / writeFloor.spinsPerSecond + 1 / floor.requestsPerSecond);
      console.log(`  ceiling of a spin on one thread (${dialect}): ${Math.round(ceiling)} spins/s = ${((ceiling / baseline.requestsPerSecond) * 100).toFixed(1)}% of bare: those writes plus the authenticated POST floor, with no reads, game, checks or event delivery`);
    }
    console.log(`POST spin (${dialect.padEnd(8)}):             ${format(result)} (median round); ${played} rounds recorded under the load (warm-ups included), ${ok} 2xx answers in the median round; ${balanced}`);
    console.log(`  ratio to bare ${(ratio * 100).toFixed(1)}%${dialect === 'sqlite' ? ` (targets >= 3,000 spins/s, >= 25% of bare, p99 < 25 ms)` : ''}, ${connections} connections, ${seconds} s, ${PLAYERS} players over ${GAMES.length} games; server CPU ${Math.round(cpuMicrosPerSpin)} µs per spin; event loop delay p99 ${blockedMs.p99.toFixed(1)} ms, max ${blockedMs.max.toFixed(0)} ms`);
  }
  if (!postgresAdminUrl()) console.log('POST spin (postgres): skipped (set DATABASE_URL or TEST_POSTGRES_URL to postgres://…)');
}

if (isMain(import.meta.url)) await run();
