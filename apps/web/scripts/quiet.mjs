#!/usr/bin/env node
// Runs a React Router command (`build`, `typegen`) without one line of known noise: @react-router/dev
// 7.18 starts its internal Vite servers with `envFile: false`, and Vite 8 warns about that option on
// every start (eight identical lines per build). With WEB_BUILD_QUIET=1 (set by scripts/ensure-build.mjs,
// so `npm start` and the test runners' builds) the per-file lists go too: about 330 lines of
// `build/client/assets/…  12.3 kB` a newcomer's first `npm start` printed; the steps, their counts, the
// warnings and "built in" stay. Nothing else is filtered; the exit code is the command's.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { stripVTControlCharacters } from 'node:util';

const NOISE = /The `envFile` option is deprecated, please use `envDir: false` instead\./;
// A line of Vite's size table or of React Router's moved-assets list (colours stripped first): a path
// under build/, with or without its size.
const SIZE_LINE = /^\s*build\/\S+(\s+[\d.,]+ kB.*)?$/;
const quietSizes = process.env.WEB_BUILD_QUIET === '1';
const isNoise = (line) => NOISE.test(line) || (quietSizes && SIZE_LINE.test(stripVTControlCharacters(line)));
// The package's exports list no bin path: found from its package.json.
const cli = path.join(path.dirname(createRequire(import.meta.url).resolve('@react-router/dev/package.json')), 'bin.js');
const child = spawn(process.execPath, [cli, ...process.argv.slice(2)], { stdio: ['inherit', 'pipe', 'pipe'], env: process.stdout.isTTY && process.env.FORCE_COLOR === undefined ? { ...process.env, FORCE_COLOR: '1' } : process.env });
for (const [from, to] of [
  [child.stdout, process.stdout],
  [child.stderr, process.stderr],
]) {
  createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) => {
    if (!isNoise(line)) to.write(`${line}\n`);
  });
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
