#!/usr/bin/env node
// Runs a React Router command (`build`, `typegen`) without one line of known noise: @react-router/dev
// 7.18 starts its internal Vite servers with `envFile: false`, and Vite 8 warns about that option on
// every start (eight identical lines per build). Nothing else is filtered; the exit code is the command's.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createInterface } from 'node:readline';

const NOISE = /The `envFile` option is deprecated, please use `envDir: false` instead\./;
// The package's exports list no bin path: found from its package.json.
const cli = path.join(path.dirname(createRequire(import.meta.url).resolve('@react-router/dev/package.json')), 'bin.js');
const child = spawn(process.execPath, [cli, ...process.argv.slice(2)], { stdio: ['inherit', 'pipe', 'pipe'], env: process.stdout.isTTY && process.env.FORCE_COLOR === undefined ? { ...process.env, FORCE_COLOR: '1' } : process.env });
for (const [from, to] of [
  [child.stdout, process.stdout],
  [child.stderr, process.stderr],
]) {
  createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) => {
    if (!NOISE.test(line)) to.write(`${line}\n`);
  });
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
