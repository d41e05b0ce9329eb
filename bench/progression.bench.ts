// Spin throughput on SQLite with the progression features running — the VIP rank league, a season, a
// quest (with the adventure map) — versus the same server with none of them running, in the same run
// (issue 13: at least 80%). Both servers load every feature module of the product; on the first the
// league is switched off, no season or quest runs and the map is off, so their handlers find nothing
// to do; on the second every round earns league experience, season points, quest progress and map
// points. Load rounds alternate between the two (bench/spin-handlers.bench.ts measures the same way).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { auditLedger } from '@sweepstack/db/repositories/ledger-audit';
import { seedDatabase } from '@sweepstack/db/seed';
import { createTestDatabase } from '@sweepstack/testkit/test-database';
import type { FastifyInstance } from 'fastify';
import { build } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { isMain, median } from './lib/load';
import { startProfile } from './spin.bench';
import { listenWithPlayers, PLAYERS, round, type Server } from './spin-handlers.bench';

const OPERATOR = { email: 'bench-operator@sweepstack.local', password: 'Bench-Operator-2026!' };
const HOUR = 3_600_000;

async function operator(app: FastifyInstance, method: 'POST' | 'PUT', url: string, payload: unknown): Promise<void> {
  const signIn = await app.inject({ method: 'POST', url: '/api/operator/sign-in/', payload: OPERATOR });
  const cookie = [signIn.headers['set-cookie']].flat().filter(Boolean).map((c) => String(c).split(';')[0]).join('; ');
  const res = await app.inject({ method, url, headers: { cookie }, payload: payload as Record<string, unknown> });
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
}

async function server(label: string, progression: boolean): Promise<Server> {
  const database = await createTestDatabase('sqlite');
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'sweepstack-bench-')),
    DATABASE_URL: database.url,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '100000000',
    PORT: '0',
    OPERATOR_BOOTSTRAP_EMAIL: OPERATOR.email,
    OPERATOR_BOOTSTRAP_PASSWORD: OPERATOR.password,
  });
  await seedDatabase(database.db, { theme: config.THEME });
  const app = await build({ config, database, logger: false });
  const now = Date.now();
  const map = (active: boolean) => ({
    slug: 'bench-map',
    title: { en: 'Bench', es: 'Bench' },
    active,
    startsAt: new Date(now - HOUR).toISOString(),
    endsAt: new Date(now + 30 * 24 * HOUR).toISOString(),
    pointsPerRound: 1,
    pointsPerTask: 25,
    sections: [0, 1_000_000, 2_000_000].map((pointsNeeded) => ({ pointsNeeded, award: { coins: pointsNeeded === 0 ? 0 : 100, entriesCents: 0 } })),
  });
  // BENCH_RUNNING (default league,season,quest) names what runs on the second server, to tell the
  // features' costs apart; the quest comes with the map.
  const running = new Set((process.env.BENCH_RUNNING ?? 'league,season,quest').split(','));
  if (progression && !running.has('league')) await operator(app, 'PUT', '/api/operator/rank-league/status/', { enabled: false });
  if (progression && !running.has('quest')) await operator(app, 'PUT', '/api/operator/adventure-map/', map(false));
  if (progression && running.has('season')) {
    // The league is on by its seed. A season running now (its start job runs at once) and a quest
    // whose tasks never complete, so every batch of rounds writes progress.
    await operator(app, 'POST', '/api/operator/seasons/', {
      slug: 'bench-season',
      title: 'Bench season',
      startsAt: new Date(now + 1000).toISOString(),
      endsAt: new Date(now + 30 * 24 * HOUR).toISOString(),
      rates: { gcWageredPerPoint: 100, fcCentsWageredPerPoint: 100, pointsPerDollar: 1 },
      premiumPackageId: 'season-pass',
      levels: Array.from({ length: 12 }, (_, i) => ({ points: 1_000_000 * (i + 1), freePrize: { kind: 'gold_coins', amount: 100 }, premiumPrize: { kind: 'fortune_coins', amountCents: 10 } })),
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await app.jobs.runner.runDue({ kinds: ['seasons.start'] });
  }
  if (progression && running.has('quest')) {
    await operator(app, 'POST', '/api/operator/quests/quests/', {
      quest: { slug: 'bench-quest', type: 'advent', title: { en: 'Bench', es: 'Bench' }, startsAt: new Date(now - HOUR).toISOString(), endsAt: new Date(now + 7 * 24 * HOUR).toISOString(), daysCount: 3, active: true },
      tasks: [
        { dayIndex: 0, kind: 'rounds', target: 100_000_000, prize: { coins: 100, entriesCents: 0 } },
        { dayIndex: 0, kind: 'wager', currency: 'GC', target: 1_000_000_000, prize: { coins: 100, entriesCents: 0 } },
        { dayIndex: 0, kind: 'win', currency: 'GC', target: 1_000_000_000, prize: { coins: 100, entriesCents: 0 } },
      ],
    });
    await operator(app, 'PUT', '/api/operator/adventure-map/', map(true));
  }
  if (!progression) {
    await operator(app, 'PUT', '/api/operator/rank-league/status/', { enabled: false });
    await operator(app, 'PUT', '/api/operator/adventure-map/', map(false));
  }
  return listenWithPlayers(label, app, database, 'progression-bench');
}

export async function run(): Promise<void> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 8);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const none = await server('none running', false);
  const all = await server(`${process.env.BENCH_RUNNING ?? 'league,season,quest'} running`, true);
  const results = new Map<Server, Awaited<ReturnType<typeof round>>[]>([
    [none, []],
    [all, []],
  ]);
  for (let i = 0; i < rounds; i++) {
    for (const target of i % 2 === 0 ? [none, all] : [all, none]) {
      // BENCH_CPU_PROFILE=FILE: a V8 CPU profile of each server's last round (FILE-none, FILE-running).
      const profiler = process.env.BENCH_CPU_PROFILE && i === rounds - 1 ? await startProfile() : null;
      results.get(target)!.push(await round(target, connections, seconds));
      await profiler?.stop(`${process.env.BENCH_CPU_PROFILE}-${target === none ? 'none' : 'running'}.cpuprofile`);
    }
  }
  const summary = (target: Server) => {
    const list = results.get(target)!;
    const pick = (key: 'rps' | 'effective' | 'drainMs' | 'p99Ms' | 'cpuMicrosPerSpin') => median(list.map((r) => ({ requestsPerSecond: r[key], p99Ms: 0, errors: 0, non2xx: 0 }))).requestsPerSecond;
    return { rps: pick('rps'), effective: pick('effective'), drainMs: pick('drainMs'), p99Ms: pick('p99Ms'), cpuMicrosPerSpin: pick('cpuMicrosPerSpin'), non2xx: list.reduce((n, r) => n + r.non2xx, 0) };
  };
  const a = summary(none);
  const b = summary(all);
  // The features really worked on the second server: every player has experience, season points,
  // quest progress and map points; none on the first.
  const count = async (target: Server, table: 'rank_league_players' | 'season_players' | 'quest_task_progress' | 'adventure_map_players') => {
    try {
      return Number((await target.database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    } catch {
      return -1;
    }
  };
  const tables = ['rank_league_players', 'season_players', 'quest_task_progress', 'adventure_map_players'] as const;
  const worked = await Promise.all(tables.map(async (t) => `${t} ${await count(none, t)} / ${await count(all, t)}`));
  const balanced = [...(await auditLedger(none.database.db)), ...(await auditLedger(all.database.db))].length === 0;
  for (const target of [none, all]) {
    await target.app.close();
    await target.database.destroy();
  }
  const line = (label: string, s: typeof a) =>
    `${label}: ${Math.round(s.rps)} spins/s under load, ${Math.round(s.effective)} spins/s counting the backlog's drain (median ${Math.round(s.drainMs)} ms after ${seconds} s), p99 ${s.p99Ms.toFixed(1)} ms, ${s.non2xx} non-2xx; server CPU ${Math.round(s.cpuMicrosPerSpin)} µs per spin`;
  console.log(line('POST spin, no progression feature running        (sqlite)', a));
  console.log(line(`POST spin, ${all.label} (sqlite)`, b));
  console.log(
    `  ratio running/none: ${((b.effective / a.effective) * 100).toFixed(1)}% counting the drain, ${((b.rps / a.rps) * 100).toFixed(1)}% under load (target >= 80%); by server CPU per spin ${((a.cpuMicrosPerSpin / b.cpuMicrosPerSpin) * 100).toFixed(1)}%; ` +
      `per round (none / running): ${results
        .get(none)!
        .map((r, i) => `${Math.round(r.effective)} / ${Math.round(results.get(all)![i]!.effective)}`)
        .join(', ')}; ${connections} connections, ${seconds} s, ${rounds} rounds each, ${PLAYERS} players; rows (none / running): ${worked.join(', ')}; ${balanced ? 'ledgers balanced' : 'LEDGER BROKEN'}`,
  );
}

if (isMain(import.meta.url)) await run();
