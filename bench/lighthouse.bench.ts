// Lighthouse (mobile preset) on `/` as a guest and on the player home as a signed-in player, plus
// the JavaScript `/` ships, gzipped. Targets (issue 2): performance >= 95, accessibility 100,
// JS for `/` <= 150 KB gzipped. The baseline in the same run is a minimal static HTML page served by
// a bare Fastify instance, so a slow machine shows up in both figures.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import Fastify from 'fastify';
import lighthouse from 'lighthouse';
import { isMain } from './lib/load';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

interface Scores {
  performance: number;
  accessibility: number;
}

async function lighthouseScores(url: string, port: number, cookie?: string): Promise<Scores> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    formFactor: 'mobile',
    screenEmulation: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false },
    throttlingMethod: 'simulate',
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  const categories = result?.lhr.categories;
  return {
    performance: Math.round((categories?.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories?.accessibility?.score ?? 0) * 100),
  };
}

/** Sum of the gzipped sizes of every script and module preload the page references. */
async function javascriptGzipBytes(origin: string, pagePath: string): Promise<number> {
  const html = await (await fetch(origin + pagePath)).text();
  const sources = new Set<string>();
  for (const match of html.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+\.m?js)"/g)) if (match[1]) sources.add(match[1]);
  for (const match of html.matchAll(/import\(["']([^"']+\.m?js)["']\)|from\s*["']([^"']+\.m?js)["']/g)) {
    const src = match[1] ?? match[2];
    if (src) sources.add(src);
  }
  let total = 0;
  for (const src of sources) {
    const body = Buffer.from(await (await fetch(new URL(src, origin))).arrayBuffer());
    total += gzipSync(body, { level: 9 }).length;
  }
  return total;
}

export async function run(): Promise<void> {
  const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  const dir = mkdtempSync(path.join(tmpdir(), 'sweepstack-lh-'));
  const port = 3290;
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, DATABASE_URL: `sqlite:${path.join(dir, 'lh.db')}`, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '100000', REDIS_URL: '' };
  const server = spawn('sh', ['-c', 'node scripts/ensure-build.mjs && npm run --silent db:seed && exec node --import tsx apps/server/src/main.ts'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const origin = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; i < 600; i++) {
      if (await fetch(`${origin}/readyz`).then((r) => r.ok, () => false)) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const signin = await fetch(`${origin}/rest/auth/signin/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@sweepstack.local', password: 'Demo-Player-2026' }),
    });
    const cookie = signin.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const init = await (await fetch(`${origin}/rest/app/init/`, { headers: { cookie } })).json() as { data?: { appName?: string } };
    const playerHome = init.data?.appName === 'tao' || init.data?.appName === 'funrize' ? '/' : '/lobby/';

    const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
    try {
      const bare = Fastify({ logger: false });
      bare.get('/', async (_request, reply) =>
        reply
          .type('text/html; charset=utf-8')
          .send('<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Baseline</title><meta name="description" content="A static page"></head><body><main><h1>Baseline</h1><p>A minimal static page.</p></main></body></html>'),
      );
      const bareOrigin = await bare.listen({ port: 0, host: '127.0.0.1' });
      const baseline = await lighthouseScores(`${bareOrigin}/`, chrome.port);
      await bare.close();
      const guest = await lighthouseScores(`${origin}/`, chrome.port);
      const player = await lighthouseScores(`${origin}${playerHome}`, chrome.port, cookie);
      const jsBytes = await javascriptGzipBytes(origin, '/');
      console.log(`baseline (minimal static HTML page): performance ${baseline.performance}, accessibility ${baseline.accessibility}`);
      console.log(`/ as guest:        performance ${guest.performance} (target >= 95), accessibility ${guest.accessibility} (target 100)`);
      console.log(`${playerHome} as player: performance ${player.performance} (target >= 95), accessibility ${player.accessibility} (target 100)`);
      console.log(`JavaScript for /: ${(jsBytes / 1024).toFixed(1)} KB gzipped (target <= 150 KB)`);
    } finally {
      chrome.kill();
    }
  } finally {
    server.kill('SIGTERM');
  }
}

if (isMain(import.meta.url)) await run();
