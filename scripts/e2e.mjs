#!/usr/bin/env node
// Browser tests in real Chromium. Without a Chromium they are skipped with a clear line,
// unless E2E=required (CI), where a missing browser is a failure.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { findChromium } from './find-chromium.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const chromium = findChromium();
if (!chromium) {
  if (process.env.E2E === 'required') {
    console.error('browser tests: no Chromium found and E2E=required (apt-get install -y chromium)');
    process.exit(1);
  }
  console.log('browser tests: SKIPPED, no Chromium found (apt-get install -y chromium, or set CHROME_PATH)');
  process.exit(0);
}
const build = spawnSync('node', ['scripts/ensure-build.mjs'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, CHROME_PATH: chromium },
});
// The shared server runs nlc, which has no bingo store: one short journey plays a bingo round on a
// server of a theme with it (its own report and output folder, so the shared run's stay).
let themed = { status: 0 };
if (process.argv.length <= 2) {
  themed = spawnSync('npx', ['playwright', 'test', 'e2e/bingo.spec.ts', '-g', 'plays a round', '--reporter=list', '--output=test-results/e2e-sws'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, CHROME_PATH: chromium, THEME: 'sws' },
  });
}
process.exit(result.status === 0 ? (themed.status ?? 1) : (result.status ?? 1));
