#!/usr/bin/env node
// `npm test`: typecheck, lint, unit, integration and browser tests, then one closing line with the counts.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
const vitestArgs = (project) => ['vitest', 'run', '--project', project, ...workers[project], '--reporter=default', '--reporter=json', `--outputFile=${path.join(resultsDir, `${project}.json`)}`];
run('unit tests', 'npx', vitestArgs('unit'));
countVitest(path.join(resultsDir, 'unit.json'));

// INTEGRATION_BESIDE_BROWSER=1 (.ci/run): the integration tests run beside the browser tests instead of
// before them (the browser tests wait on Chromium and timers most of the time, leaving a core idle);
// their output goes to test-results/integration.log, printed once the browser tests end, and
// test-results/integration-tests.done is written when they end (.ci/run starts its PostgreSQL run then).
const integrationBeside = process.env.INTEGRATION_BESIDE_BROWSER === '1';
let integrationDone = Promise.resolve();
if (integrationBeside) {
  // The web build first: integration tests serve it and the browser tests would build it at their start.
  run('web build', 'node', ['scripts/ensure-build.mjs']);
  process.stdout.write('\n== integration tests (beside the browser tests; output after them) ==\n');
  const started = Date.now();
  const log = openSync(path.join(resultsDir, 'integration.log'), 'w');
  const child = spawn('npx', vitestArgs('integration'), { cwd: root, stdio: ['ignore', log, log], env: process.env });
  integrationDone = new Promise((resolve) => {
    child.on('error', (error) => process.stdout.write(`integration tests: ${error.message}\n`));
    child.on('close', (code) => {
      closeSync(log);
      const seconds = Math.round((Date.now() - started) / 1000);
      timings.push(['integration tests (beside the browser tests)', seconds]);
      if (code !== 0) failures.push('integration tests');
      writeFileSync(path.join(resultsDir, 'integration-tests.done'), `${code} ${seconds}\n`);
      resolve();
    });
  });
} else {
  run('integration tests', 'npx', vitestArgs('integration'));
}

// A marker for .ci/run, which starts the PostgreSQL and Redis integration run beside the browser tests
// (they wait on the browser and timers most of the time, leaving a core idle).
writeFileSync(path.join(resultsDir, 'browser-tests.started'), `${new Date().toISOString()}\n`);
const e2eStarted = Date.now();
const e2e = await new Promise((resolve) => {
  const child = spawn('node', ['scripts/e2e.mjs'], { cwd: root, stdio: 'inherit', env: process.env });
  child.on('close', (status) => resolve({ status }));
});
const e2eSeconds = Math.round((Date.now() - e2eStarted) / 1000);
timings.push(['browser tests', e2eSeconds]);
process.stdout.write(`== browser tests: ${e2eSeconds} s ==\n`);
if (e2e.status !== 0) failures.push('browser tests');
await integrationDone;
if (integrationBeside) {
  process.stdout.write('\n== integration tests (run beside the browser tests) ==\n');
  process.stdout.write(readFileSync(path.join(resultsDir, 'integration.log'), 'utf8'));
}
countVitest(path.join(resultsDir, 'integration.json'));
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
