// Pages per second of the player site (issue 12, "Cheap to serve"): the guest home, sign-up and the
// player lobby, beside a minimal React Router page served by Fastify the same way (the baseline,
// bench/lib/minimal-page), in the same run. Each server is a process of its own in production mode
// (the site with its rate limit raised, on a fresh seeded SQLite file); autocannon runs in a third.
// Targets: guest pages >= 50% of the minimal page, the player lobby >= 25%, p99 < 100 ms at 20
// connections. The server CPU per page (from /proc) is printed too: on a shared machine it moves
// less than the rates.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { isMain, measure, median, type LoadResult } from './lib/load';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const minimalDir = path.join(root, 'bench/lib/minimal-page');

/** What a browser sends for a page (a first visit: no cookies). */
const BROWSER_HEADERS = {
  'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
  'accept-language': 'en-US,en;q=0.9',
};

interface Page {
  name: string;
  url: string;
  headers: Record<string, string>;
  /** The server process answering it (its CPU time is read from /proc). */
  pid: number;
  /** A string the page's HTML must hold (so that a redirect or an error page is never measured). */
  expect: string;
}

interface Measured extends LoadResult {
  cpuMsPerPage: number;
}

/** Builds the minimal app when its build is missing or older than its sources. */
function ensureMinimalBuild(): void {
  const marker = path.join(minimalDir, 'build/server/index.js');
  const newest = (dir: string): number =>
    Math.max(...readdirSync(dir, { withFileTypes: true }).map((e) => (e.isDirectory() ? newest(path.join(dir, e.name)) : statSync(path.join(dir, e.name)).mtimeMs)));
  if (existsSync(marker) && statSync(marker).mtimeMs >= newest(path.join(minimalDir, 'app'))) return;
  const result = spawnSync('npx', ['react-router', 'build'], { cwd: minimalDir, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error('the minimal page did not build');
}

const ticksPerSecond = Number(spawnSync('getconf', ['CLK_TCK']).stdout.toString().trim()) || 100;
/** User plus system CPU time of a process so far, in ms. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (await fetch(url).then((r) => r.status < 500, () => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer`);
}

/** The page's HTML as a browser gets it: its size on the wire and unpacked. */
async function pageSize(page: Page): Promise<{ wire: number; html: number; body: string }> {
  // fetch unpacks by itself: a plain request shows the bytes on the wire.
  const { status, encoding, raw } = await new Promise<{ status: number; encoding: string | undefined; raw: Buffer }>((resolve, reject) => {
    const request = http.get(page.url, { headers: { ...page.headers, 'accept-encoding': 'gzip' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, encoding: response.headers['content-encoding'], raw: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
  });
  if (status !== 200) throw new Error(`${page.name}: ${page.url} answered ${status}`);
  const body = encoding === 'gzip' ? gunzipSync(raw).toString() : raw.toString();
  if (!body.includes(page.expect)) throw new Error(`${page.name}: ${page.url} does not show ${page.expect}`);
  return { wire: raw.length, html: Buffer.byteLength(body), body };
}

async function measurePage(page: Page, connections: number, seconds: number): Promise<Measured> {
  // The CPU is read around the whole run (warm-up included) and divided by every answer of it.
  const before = cpuMs(page.pid);
  const warmupSeconds = 2;
  const result = await measure(page.url, { connections, seconds, warmupSeconds, headers: page.headers });
  const spent = cpuMs(page.pid) - before;
  // The warm-up's requests are not counted by autocannon's figure; estimate them at the same rate.
  const answered = result.requestsPerSecond * (seconds + warmupSeconds);
  return { ...result, cpuMsPerPage: answered > 0 ? spent / answered : 0 };
}

export async function run(): Promise<void> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
  // PAGE_BENCH_PORT (and the next port) let two runs on one machine use different ports.
  const port = Number(process.env.PAGE_BENCH_PORT ?? 3293);
  const minimalPort = port + 1;
  const built = spawnSync(process.execPath, ['scripts/ensure-build.mjs'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) throw new Error('the web build failed');
  ensureMinimalBuild();

  const dir = mkdtempSync(path.join(tmpdir(), 'sweepstack-pages-'));
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    DATABASE_URL: `sqlite:${path.join(dir, 'pages.db')}`,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000000',
    REDIS_URL: '',
  };
  const site = spawn('sh', ['-c', 'npm run --silent db:seed >/dev/null && exec node --import tsx apps/server/src/main.ts'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const minimal = spawn(process.execPath, ['--import', 'tsx', path.join(minimalDir, 'serve.ts')], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(minimalPort) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${origin}/readyz`, site);
    await waitFor(`http://127.0.0.1:${minimalPort}/`, minimal);
    const signup = await fetch(`${origin}/rest/auth/signup/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email: 'pages-bench@sweepstack.local', password: 'Bench-Player-2026', birthday: '1990-01-01', acceptedTerms: true }),
    });
    if (!signup.ok) throw new Error(`bench sign-up failed: ${signup.status} ${await signup.text()}`);
    // A returning player: signed in, language remembered, cookies accepted.
    const playerCookie = [
      ...signup.headers.getSetCookie().map((c) => c.split(';')[0]),
      'i18n_redirected=en',
      'cookie_control_consent=true',
      'cookie_control_enabled_cookies=necessary~preferences~analytics~marketing',
    ].join('; ');

    const pages: Page[] = [
      { name: 'minimal React Router page', url: `http://127.0.0.1:${minimalPort}/`, headers: BROWSER_HEADERS, pid: minimal.pid!, expect: '<h1>Baseline</h1>' },
      { name: 'guest home /', url: `${origin}/`, headers: BROWSER_HEADERS, pid: site.pid!, expect: 'id="hero-title"' },
      { name: 'sign-up /signup/', url: `${origin}/signup/`, headers: BROWSER_HEADERS, pid: site.pid!, expect: 'type="password"' },
      { name: 'player lobby /lobby/', url: `${origin}/lobby/`, headers: { ...BROWSER_HEADERS, cookie: playerCookie }, pid: site.pid!, expect: 'id="welcome-title"' },
    ];
    const sizes = new Map<string, { wire: number; html: number }>();
    for (const page of pages) sizes.set(page.name, await pageSize(page));

    // Alternate the pages round by round and take the median of each: on a shared machine the load
    // moves within seconds, and back-to-back phases would measure different machines.
    const runs = new Map<string, Measured[]>(pages.map((p) => [p.name, []]));
    for (let round = 0; round < rounds; round++) {
      for (const page of pages) runs.get(page.name)!.push(await measurePage(page, connections, seconds));
    }
    const result = new Map(pages.map((p) => [p.name, median(runs.get(p.name)!) as Measured]));
    const baseline = result.get(pages[0]!.name)!;
    const width = Math.max(...pages.map((p) => p.name.length));
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    for (const page of pages) {
      const r = result.get(page.name)!;
      const size = sizes.get(page.name)!;
      const ratio = page === pages[0] ? '' : `, ${((r.requestsPerSecond / baseline.requestsPerSecond) * 100).toFixed(1)}% of minimal`;
      const errors = r.errors || r.non2xx ? ` (errors ${r.errors}, non-2xx ${r.non2xx})` : '';
      console.log(
        `${page.name.padEnd(width)}  ${Math.round(r.requestsPerSecond)} pages/s${ratio}, p99 ${r.p99Ms} ms, ${r.cpuMsPerPage.toFixed(2)} ms CPU/page, HTML ${kb(size.html)} (${kb(size.wire)} gzip)${errors}`,
      );
    }
    const ratioOf = (name: string) => result.get(name)!.requestsPerSecond / baseline.requestsPerSecond;
    const guestRatio = Math.min(ratioOf(pages[1]!.name), ratioOf(pages[2]!.name));
    const worstP99 = Math.max(...pages.slice(1).map((p) => result.get(p.name)!.p99Ms));
    console.log(
      `targets: guest pages ${(guestRatio * 100).toFixed(1)}% (>= 50%), player lobby ${(ratioOf(pages[3]!.name) * 100).toFixed(1)}% (>= 25%), worst p99 ${worstP99} ms (< 100 ms); ${connections} connections, ${seconds} s x ${rounds} rounds (medians)`,
    );
    console.log(`rounds (pages/s): ${pages.map((p) => `${p.name.split(' ')[0]} ${runs.get(p.name)!.map((r) => Math.round(r.requestsPerSecond)).join('/')}`).join('; ')}`);
  } finally {
    site.kill('SIGTERM');
    minimal.kill('SIGTERM');
  }
}

if (isMain(import.meta.url)) await run();
