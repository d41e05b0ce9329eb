// Frame time of the game client on a phone-sized, CPU-throttled Chromium (issue 12): three spins and an
// epic big win, drawn by the renderer the client uses (its own DOM/SVG reels and celebration: images moved
// by Web Animations, CSS, canvas-confetti) and by the one it was weighed against (PixiJS 8, WebGL), both in
// the same run, the same browser and the same scenario (bench/lib/game-frames/). Also prints the JavaScript
// each needs, gzipped, and the game client page's own from the web build.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { chromium, type Page } from 'playwright-core';
import { build, type PluginOption } from 'vite';
import { isMain } from './lib/load';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const harness = path.join(root, 'bench/lib/game-frames');
const publicDir = path.join(root, 'apps/web/public');
/** DevTools' "4× slowdown": a mid-range phone's main thread on a laptop-class core. */
const CPU_SLOWDOWN = 4;
const SPINS = 3;

interface Frames {
  /** Intervals between animation frames, ms. */
  intervals: number[];
  /** Main-thread task time per second of the scenario (0–1000 ms). */
  busyMsPerSecond: number;
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function describe(frames: Frames): string {
  const { intervals } = frames;
  const over = intervals.filter((ms) => ms > 34).length;
  const fps = intervals.length / (intervals.reduce((a, b) => a + b, 0) / 1000);
  return `${fps.toFixed(0).padStart(3)} fps, frame p50 ${percentile(intervals, 50).toFixed(1).padStart(5)} ms, p95 ${percentile(intervals, 95).toFixed(1).padStart(5)} ms, p99 ${percentile(intervals, 99).toFixed(1).padStart(5)} ms, ${((over / Math.max(1, intervals.length)) * 100).toFixed(1).padStart(4)}% over 2 frames, main thread busy ${frames.busyMsPerSecond.toFixed(0).padStart(3)} ms/s`;
}

/** Runs `action` in the page while recording every animation frame and the main thread's task time. */
async function record(page: Page, action: string): Promise<Frames> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const metric = async () => ((await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000;
  const before = await metric();
  const started = Date.now();
  // A string, not a function: tsx would add its own helpers to a function's source.
  const intervals = (await page.evaluate(`(async () => {
    const times = [];
    let on = true;
    const loop = (t) => { times.push(t); if (on) requestAnimationFrame(loop); };
    requestAnimationFrame(loop);
    if (${JSON.stringify(action)} === 'spin') for (let i = 1; i <= ${SPINS}; i++) await window.bench.spin(i);
    else await window.bench.bigWin();
    on = false;
    return times.slice(1).map((t, i) => t - times[i]);
  })()`)) as number[];
  const busy = (await metric()) - before;
  await cdp.detach();
  return { intervals, busyMsPerSecond: (busy / (Date.now() - started)) * 1000 };
}

function gzipKb(files: string[]): number {
  return files.reduce((sum, file) => sum + gzipSync(readFileSync(file), { level: 9 }).length, 0) / 1024;
}

/** The JavaScript the game client page loads (entry, root and its route, from the React Router manifest), gzipped. */
function gameClientPageKb(): { kb: number; lazyKb: number } | null {
  const assets = path.join(root, 'apps/web/build/client/assets');
  const manifestFile = readdirSync(assets, { withFileTypes: true }).find((f) => /^manifest-.*\.js$/.test(f.name));
  if (!manifestFile) return null;
  const manifest = JSON.parse(readFileSync(path.join(assets, manifestFile.name), 'utf8').replace(/^window\.__reactRouterManifest=/, '').replace(/;?\s*$/, '')) as {
    entry: { module: string; imports: string[] };
    routes: Record<string, { module: string; imports?: string[] }>;
  };
  const route = manifest.routes['game-client'];
  const rootRoute = manifest.routes.root;
  if (!route || !rootRoute) return null;
  const files = new Set([manifest.entry.module, ...manifest.entry.imports, rootRoute.module, ...(rootRoute.imports ?? []), route.module, ...(route.imports ?? [])]);
  const confetti = readdirSync(assets).filter((f) => /^confetti\.module-.*\.js$/.test(f));
  return { kb: gzipKb([...files].map((f) => path.join(root, 'apps/web/build/client', f))), lazyKb: gzipKb(confetti.map((f) => path.join(assets, f))) };
}

/** The web app's React plugin (a dependency of apps/web, resolved from there). */
async function reactPlugin(): Promise<PluginOption> {
  const resolved = createRequire(path.join(root, 'apps/web/package.json')).resolve('@vitejs/plugin-react');
  const module = (await import(pathToFileURL(resolved).href)) as { default: () => PluginOption };
  return module.default();
}

export async function run(): Promise<void> {
  const out = mkdtempSync(path.join(tmpdir(), 'sweepstack-frames-'));
  try {
    await build({
      root: harness,
      configFile: false,
      logLevel: 'silent',
      plugins: [tailwindcss(), await reactPlugin()],
      build: { outDir: out, emptyOutDir: true, target: 'es2022', rolldownOptions: { input: { dom: path.join(harness, 'dom.html'), pixi: path.join(harness, 'pixi.html') } } },
    });
    const served: Record<string, string> = {};
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) walk(full);
        else served[`/${path.relative(out, full)}`] = full;
      }
    };
    walk(out);
    const scripts = (page: string) => {
      const html = readFileSync(path.join(out, page), 'utf8');
      const own = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => served[m[1]!]!).filter(Boolean);
      return gzipKb(own);
    };
    const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };
    const server = createServer((request, response) => {
      const url = decodeURIComponent((request.url ?? '/').split('?')[0]!);
      const file = served[url] ?? (url.startsWith('/images/') ? path.join(publicDir, path.normalize(url).replace(/^(\.\.[/\\])+/, '')) : undefined);
      try {
        const body = readFileSync(file ?? '');
        response.writeHead(200, { 'content-type': types[path.extname(file ?? '')] ?? 'application/octet-stream' });
        response.end(body);
      } catch {
        response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    // This machine has no GPU. WebGL runs on SwiftShader (software GL); the DOM client is measured both on
    // the same SwiftShader compositor and on Chromium's software compositor (--disable-gpu, as the e2e tests run).
    const swiftshader = ['--use-angle=swiftshader', '--enable-unsafe-swiftshader'];
    const runs = [
      { key: 'dom-gl', page: 'dom', label: 'DOM/SVG, SwiftShader GL  ', args: swiftshader },
      { key: 'dom-sw', page: 'dom', label: 'DOM/SVG, software comp.  ', args: ['--disable-gpu'] },
      { key: 'pixi', page: 'pixi', label: 'PixiJS 8, SwiftShader GL ', args: swiftshader },
    ] as const;
    const results: Record<string, { spin: Frames; bigWin: Frames }> = {};
    for (const r of runs) {
      const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-background-networking', ...r.args] });
      try {
        const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
        const page = await context.newPage();
        page.on('pageerror', (error) => console.error(`${r.key}: ${error.message}`));
        await page.goto(`http://127.0.0.1:${port}/${r.page}.html`);
        await page.waitForFunction('window.bench !== undefined');
        await page.evaluate('window.bench.ready');
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
        await page.evaluate('window.bench.spin(99)'); // warm-up: images decoded, code compiled
        results[r.key] = { spin: await record(page, 'spin'), bigWin: await record(page, 'bigWin') };
        // GAME_FRAMES_SHOTS=dir: a picture of each renderer mid-celebration, to compare what they draw.
        if (process.env.GAME_FRAMES_SHOTS) {
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
          void page.evaluate('window.bench.bigWin()').catch(() => undefined);
          await page.waitForTimeout(2500);
          await page.screenshot({ path: path.join(process.env.GAME_FRAMES_SHOTS, `${r.key}.png`) });
        }
      } finally {
        await browser.close();
      }
    }
    try {
      console.log(`phone viewport 390×844 @2x, CPU ${CPU_SLOWDOWN}× slower (DevTools throttling), ${SPINS} spins then an epic big win (4.5 s); load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`);
      for (const r of runs) {
        console.log(`${r.label} spin:    ${describe(results[r.key]!.spin)}`);
        console.log(`${r.label} big win: ${describe(results[r.key]!.bigWin)}`);
      }
      console.log(`JavaScript, gzipped: DOM/SVG harness ${scripts('dom.html').toFixed(1)} KB (React included), PixiJS harness ${scripts('pixi.html').toFixed(1)} KB`);
      const page = gameClientPageKb();
      console.log(page ? `game client page (web build): ${page.kb.toFixed(1)} KB gzipped at load (target <= 300 KB), canvas-confetti ${page.lazyKb.toFixed(1)} KB more on the first big win` : 'game client page: no web build (npm run build) to measure');
    } finally {
      server.close();
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) await run();
