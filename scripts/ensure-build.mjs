#!/usr/bin/env node
// Builds the web app when the build is missing or older than any of its sources.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const web = path.join(root, 'apps/web');
const marker = path.join(web, 'build/server/index.js');
// Test files that serve the build start at once: one of them builds, the others wait for it.
const lock = path.join(web, '.build-lock');

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'build' || entry === '.react-router') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const sources = [path.join(web, 'app'), path.join(web, 'public'), path.join(web, 'vite.config.ts'), path.join(web, 'react-router.config.ts'), path.join(root, 'packages/contracts/src'), path.join(root, 'content')];
function upToDate() {
  const built = existsSync(marker) ? statSync(marker).mtimeMs : 0;
  return built > 0 && built >= Math.max(...sources.map(newestMtime));
}

if (upToDate()) {
  console.log('web build is up to date');
  process.exit(0);
}
function takeLock() {
  try {
    mkdirSync(lock);
    return true;
  } catch {
    // A lock left by a build that died more than ten minutes ago is stale.
    if (Date.now() - statSync(lock, { throwIfNoEntry: false })?.mtimeMs > 600_000) rmSync(lock, { recursive: true, force: true });
    return false;
  }
}
while (!takeLock()) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
let status = 0;
try {
  if (upToDate()) {
    console.log('web build is up to date');
  } else {
    console.log(existsSync(marker) ? 'web sources changed: building the web app' : 'no web build yet: building the web app');
    // Always a production build, whoever asks: a test runner's NODE_ENV=test would make Vite ship
    // React's development build (about 80 KB more JavaScript), and the build is then reused as up to date.
    // Without Vite's per-file size table (WEB_BUILD_QUIET, apps/web/scripts/quiet.mjs): `npm run build` prints it.
    const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production', WEB_BUILD_QUIET: '1' } });
    status = result.status ?? 1;
  }
} finally {
  rmSync(lock, { recursive: true, force: true });
}
process.exit(status);
