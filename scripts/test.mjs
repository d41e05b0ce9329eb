#!/usr/bin/env node
// `npm test`: typecheck, lint, unit, integration and browser tests, then one closing line with the counts.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const resultsDir = path.join(root, 'test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];

/** How long each step took, printed at the end (CI must stay under 40 minutes: see .ci/run). */
const timings = [];
function timed(label, action) {
  const started = Date.now();
  const result = action();
  const seconds = Math.round((Date.now() - started) / 1000);
  timings.push([label, seconds]);
  process.stdout.write(`== ${label}: ${seconds} s ==\n`);
  return result;
}

function run(label, command, args, env = {}) {
  process.stdout.write(`\n== ${label} ==\n`);
  const result = timed(label, () => spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }));
  if (result.status !== 0) failures.push(label);
  return result.status === 0;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

run('typecheck', 'npm', ['run', '--silent', 'typecheck']);
run('lint', 'npm', ['run', '--silent', 'lint']);
// Vitest runs one worker per core but one (cores - 1, at least 1) on a two-core machine. The unit tests
// are pure computation (the 10-million-round RTP simulations take most of their time): one worker per
// core. The integration tests keep the default: their files share one Redis for pushes.
const workers = { unit: [`--maxWorkers=${Math.max(2, availableParallelism())}`], integration: [] };
for (const project of ['unit', 'integration']) {
  const out = path.join(resultsDir, `${project}.json`);
  run(`${project} tests`, 'npx', ['vitest', 'run', '--project', project, ...workers[project], '--reporter=default', '--reporter=json', `--outputFile=${out}`]);
  countVitest(out);
}

// A marker for .ci/run, which starts the PostgreSQL and Redis integration run beside the browser tests
// (they wait on the browser and timers most of the time, leaving a core idle).
writeFileSync(path.join(resultsDir, 'browser-tests.started'), `${new Date().toISOString()}\n`);
const e2e = timed('browser tests', () => spawnSync('node', ['scripts/e2e.mjs'], { cwd: root, stdio: 'inherit', env: process.env }));
if (e2e.status !== 0) failures.push('browser tests');
const e2eReport = path.join(resultsDir, 'e2e.json');
if (existsSync(e2eReport)) {
  const stats = JSON.parse(readFileSync(e2eReport, 'utf8')).stats ?? {};
  passed += stats.expected ?? 0;
  failed += (stats.unexpected ?? 0) + (stats.flaky ?? 0);
  skipped += stats.skipped ?? 0;
}

process.stdout.write(`\nstep times: ${timings.map(([label, seconds]) => `${label} ${seconds} s`).join(', ')}\n`);
if (failures.length) process.stdout.write(`\nfailed steps: ${failures.join(', ')}\n`);
process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
process.exit(failures.length ? 1 : 0);
